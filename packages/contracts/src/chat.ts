import { z } from 'zod';

/** Spec 3: who wrote a chat message; `agent` is a person of the support team answering an escalated chat. */
export const chatMessageTypes = ['bot', 'user', 'agent'] as const;
export type ChatMessageType = (typeof chatMessageTypes)[number];

/** Spec 3: a chat message's priority. */
export const chatPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type ChatPriority = (typeof chatPriorities)[number];

/** Spec 3: the sentiment result's label. */
export const sentimentLabels = ['negative', 'neutral', 'positive'] as const;
export type SentimentLabel = (typeof sentimentLabels)[number];

/** The longest message the widget may send (characters after trimming); the input shows the same limit. */
export const chatMessageMaxLength = 2000;
/** Spec 7: the escalate call carries the last 5 messages. */
export const chatContextMessages = 5;

/** The spec leaves these texts open; they are the platform's, one place for the service and the widget. */
export const chatMessages = {
  empty: 'Please enter a message.',
  tooLong: `Messages can be at most ${chatMessageMaxLength} characters.`,
  sessionId: 'Invalid chat session id.',
  timestamp: 'Invalid timestamp.',
  /** Spec 8: the chat failure toast, 'Chat Error: ...'. */
  failedTitle: 'Chat Error',
  failed: 'Failed to process your message. Please try again.',
  /** Spec 8: the escalation toast, 'Support Team Notified: ...'. */
  escalatedTitle: 'Support Team Notified',
  escalated: 'Your message has been escalated to our human support team.',
} as const;

/** The widget's id of one page visit (spec 3): letters, digits and `_-.:`, 8 to 100 characters. */
export const chatSessionIdSchema = z.string().regex(/^[\w.:-]{8,100}$/, chatMessages.sessionId);

/** A client's clock reading (ISO 8601 or epoch milliseconds); informational, the server keeps its own time. */
const clientTimestampSchema = z.union([
  z.iso.datetime({ offset: true, message: chatMessages.timestamp }),
  z.number().int().min(0).max(8_640_000_000_000_000, chatMessages.timestamp),
]);

/** A message's text: trimmed, not empty, at most chatMessageMaxLength characters. */
const messageTextSchema = z
  .string(chatMessages.empty)
  .trim()
  .min(1, chatMessages.empty)
  .max(chatMessageMaxLength, chatMessages.tooLong);

/** Spec 3: the sentiment result. */
export const sentimentResultSchema = z.strictObject({
  score: z.number().min(-1).max(1),
  label: z.enum(sentimentLabels),
  confidence: z.number().min(0).max(1),
  escalationRequired: z.boolean(),
  reason: z.string().max(200),
});
export type SentimentResult = z.infer<typeof sentimentResultSchema>;

/** POST /api/chat/initialize (spec 7): sent when the widget mounts. */
export const chatInitializeRequestSchema = z.strictObject({
  sessionId: chatSessionIdSchema,
  timestamp: clientTimestampSchema.optional(),
  userAgent: z.string().max(500, 'User agent must be at most 500 characters').optional(),
  platform: z.literal('web', 'Platform must be web').optional(),
});
export type ChatInitializeRequest = z.input<typeof chatInitializeRequestSchema>;

export const chatInitializeResponseSchema = z.object({
  sessionId: z.string(),
  conversationId: z.string(),
  /** When this session's conversation started (its first call). */
  startedAt: z.string(),
});
export type ChatInitializeResponse = z.infer<typeof chatInitializeResponseSchema>;

/** POST /api/chat/sentiment (spec 7). */
export const chatSentimentRequestSchema = z.strictObject({
  message: messageTextSchema,
  sessionId: chatSessionIdSchema,
});
export type ChatSentimentRequest = z.input<typeof chatSentimentRequestSchema>;

/** The sentiment result (spec 3) and the priority it gives the message (spec 4: urgent when escalation is required). */
export const chatSentimentResponseSchema = sentimentResultSchema.extend({ priority: z.enum(chatPriorities) });
export type ChatSentimentResponse = z.infer<typeof chatSentimentResponseSchema>;

/** POST /api/chat/message (spec 7): the sentiment label and priority the widget gave the message. */
export const chatMessageRequestSchema = z.strictObject({
  message: messageTextSchema,
  sessionId: chatSessionIdSchema,
  sentiment: z.enum(sentimentLabels, 'Sentiment must be negative, neutral or positive').optional(),
  priority: z.enum(chatPriorities, 'Priority must be low, medium, high or urgent').optional(),
  timestamp: clientTimestampSchema.optional(),
});
export type ChatMessageRequest = z.input<typeof chatMessageRequestSchema>;

/** A passage of the help content a reply was built from. */
export const chatSourceSchema = z.object({ id: z.string(), title: z.string(), path: z.string() });
export type ChatSource = z.infer<typeof chatSourceSchema>;

/** The bot's reply in `message` (spec 7), with what it used and whether it offers a person. */
export const chatMessageResponseSchema = z.object({
  message: z.string(),
  messageId: z.string(),
  timestamp: z.string(),
  sources: z.array(chatSourceSchema),
  /** The assistant could not answer from the help content or the user's data: it offers the support team. */
  offerHuman: z.boolean(),
});
export type ChatMessageResponse = z.infer<typeof chatMessageResponseSchema>;

/** One of the last messages the widget shows (spec 3's chat message). */
const contextMessageSchema = z.strictObject({
  id: z.union([z.string().max(100), z.number()]).optional(),
  type: z.enum(chatMessageTypes, 'Message type must be bot, user or agent'),
  content: z.string().max(chatMessageMaxLength, chatMessages.tooLong),
  timestamp: clientTimestampSchema.optional(),
  sentiment: z.enum(sentimentLabels).optional(),
  priority: z.enum(chatPriorities).optional(),
  escalated: z.boolean().optional(),
});

/** POST /api/chat/escalate (spec 7): the message, its full sentiment result and the user context. */
export const chatEscalateRequestSchema = z.strictObject({
  sessionId: chatSessionIdSchema,
  message: messageTextSchema,
  sentiment: sentimentResultSchema,
  timestamp: clientTimestampSchema.optional(),
  userContext: z.strictObject({
    recentMessages: z
      .array(contextMessageSchema)
      .max(chatContextMessages, `At most ${chatContextMessages} recent messages`),
    /** Milliseconds since the session started (at most 30 days). */
    sessionDuration: z
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 3600 * 1000),
  }),
});
export type ChatEscalateRequest = z.input<typeof chatEscalateRequestSchema>;

export const supportConversationStatuses = ['pending', 'open', 'resolved'] as const;
export type SupportConversationStatus = (typeof supportConversationStatuses)[number];

export const chatEscalateResponseSchema = z.object({
  success: z.literal(true),
  /** The support conversation the team works; the same one while it is not resolved. */
  supportConversationId: z.string(),
  status: z.enum(supportConversationStatuses),
  priority: z.enum(chatPriorities),
  message: z.string(),
});
export type ChatEscalateResponse = z.infer<typeof chatEscalateResponseSchema>;

/** GET /api/chat/history?sessionId=: the owner's chat so far (agent replies included), oldest first. */
export const chatHistoryQuerySchema = z.strictObject({ sessionId: chatSessionIdSchema });
export type ChatHistoryQuery = z.input<typeof chatHistoryQuerySchema>;

export const chatHistoryMessageSchema = z.object({
  id: z.string(),
  type: z.enum(chatMessageTypes),
  content: z.string(),
  timestamp: z.string(),
  escalated: z.boolean(),
});
export type ChatHistoryMessage = z.infer<typeof chatHistoryMessageSchema>;

/** The last messages of the chat (at most chatHistoryLimit) and its support conversation's state, if escalated. */
export const chatHistoryResponseSchema = z.object({
  sessionId: z.string(),
  messages: z.array(chatHistoryMessageSchema),
  supportStatus: z.enum(supportConversationStatuses).nullable(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;
export const chatHistoryLimit = 100;

/**
 * GET /api/chat/stream?sessionId= (server-sent events, issue 16): what reaches the open widget live.
 * `ready` opens the stream (and, after a reconnect, tells the widget to re-read its history);
 * `message` is an agent's reply; `status` the support conversation's new state; `resync` says
 * notices may have been missed (re-read the history).
 */
export const chatLiveEventTypes = { ready: 'ready', message: 'message', status: 'status', resync: 'resync' } as const;
export const chatStreamQuerySchema = chatHistoryQuerySchema;
export const chatLiveMessageSchema = z.object({ sessionId: z.string(), message: chatHistoryMessageSchema });
export type ChatLiveMessage = z.infer<typeof chatLiveMessageSchema>;
export const chatLiveStatusSchema = z.object({
  sessionId: z.string(),
  supportStatus: z.enum(supportConversationStatuses),
});
export type ChatLiveStatus = z.infer<typeof chatLiveStatusSchema>;
/** What chat-support publishes to one user's live topic; the stream forwards those of its session. */
export type ChatLiveNotice =
  | ({ type: typeof chatLiveEventTypes.message } & ChatLiveMessage)
  | ({ type: typeof chatLiveEventTypes.status } & ChatLiveStatus);

/** The support queue (issue 16, role support or admin): escalated chats and contact-form tickets in one inbox. */
export const supportItemKinds = ['chat', 'ticket'] as const;
export type SupportItemKind = (typeof supportItemKinds)[number];

/** GET /api/support/queue?status=&limit=: ordered by priority (urgent first), then the longest waiting. */
export const supportQueueQuerySchema = z.strictObject({
  status: z.enum(supportConversationStatuses, 'Status must be pending, open or resolved').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type SupportQueueQuery = z.input<typeof supportQueueQuerySchema>;

export const supportQueueItemSchema = z.object({
  kind: z.enum(supportItemKinds),
  id: z.string(),
  status: z.enum(supportConversationStatuses),
  priority: z.enum(chatPriorities),
  /** The escalated message, or the ticket's subject. */
  summary: z.string(),
  /** The user's id (chats) or the sender's e-mail (tickets). */
  from: z.string(),
  assignedTo: z.string().nullable(),
  createdAt: z.string(),
  /** Milliseconds since the item entered the queue. */
  waitingMs: z.number(),
  /** When the first agent reply is due (business hours Mon-Fri 9:00-18:00 NZ time); null for tickets. */
  firstResponseDueAt: z.string().nullable(),
  /** When an agent first replied (chats); null before that and for tickets. */
  firstResponseAt: z.string().nullable(),
  /** The first reply came late, or has not come and is overdue. */
  breached: z.boolean(),
});
export type SupportQueueItem = z.infer<typeof supportQueueItemSchema>;
export const supportQueueResponseSchema = z.object({ items: z.array(supportQueueItemSchema) });
export type SupportQueueResponse = z.infer<typeof supportQueueResponseSchema>;

/** A recent transaction of the user's account, as the support team and the assistant see it. */
export const supportAccountTransactionSchema = z.object({
  id: z.string(),
  /** Decimal string, e.g. "129.90". */
  amount: z.string(),
  /** ISO 4217, upper case. */
  currency: z.string(),
  /** completed, pending, failed or refunded (crypto: completed or failed). */
  status: z.string(),
  /** card, cash, wallet, bank_transfer, other; crypto for Coinbase charges. */
  paymentMethod: z.string(),
  /** The processor, POS system or crypto rail that reported it (stripe, square, coinbase, ...). */
  processor: z.string(),
  occurredAt: z.string(),
});
export type SupportAccountTransaction = z.infer<typeof supportAccountTransactionSchema>;

/** How many recent transactions the account context keeps per user. */
export const supportAccountTransactions = 5;

/** The user's account for the support team and the assistant: chat-support's read model of other services' events. */
export const supportAccountContextSchema = z.object({
  /** The active plan (starter, growth, pro) and billing cycle, or null when no subscription was activated. */
  plan: z.object({ planId: z.string(), billingCycle: z.string(), currentPeriodEnd: z.string().nullable() }).nullable(),
  /** The account's KYC status (identity starts every account at pending). */
  kycStatus: z.string(),
  /** Newest first, at most supportAccountTransactions. */
  recentTransactions: z.array(supportAccountTransactionSchema),
});
export type SupportAccountContext = z.infer<typeof supportAccountContextSchema>;

/** GET /api/support/conversations/:id: the conversation, the chat's messages and the user context stored at escalation. */
export const supportConversationResponseSchema = z.object({
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  status: z.enum(supportConversationStatuses),
  priority: z.enum(chatPriorities),
  message: z.string(),
  sentiment: sentimentResultSchema,
  assignedTo: z.string().nullable(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  firstResponseAt: z.string().nullable(),
  firstResponseDueAt: z.string().nullable(),
  breached: z.boolean(),
  userContext: z.object({
    recentMessages: z.array(z.record(z.string(), z.unknown())),
    sessionDuration: z.number(),
  }),
  /** The account as chat-support's event-fed read model knows it now (plan, KYC status, recent transactions). */
  account: supportAccountContextSchema,
  messages: z.array(chatHistoryMessageSchema),
});
export type SupportConversationResponse = z.infer<typeof supportConversationResponseSchema>;

/** POST /api/support/tickets/:id/claim | resolve: the ticket's id and its state after the action. */
export const supportTicketActionResponseSchema = z.object({
  id: z.string(),
  status: z.enum(supportConversationStatuses),
});
export type SupportTicketActionResponse = z.infer<typeof supportTicketActionResponseSchema>;

/** POST /api/support/conversations/:id/reply: stored as an agent message in the user's chat. */
export const supportReplyRequestSchema = z.strictObject({ message: messageTextSchema });
export type SupportReplyRequest = z.input<typeof supportReplyRequestSchema>;

/** The support texts the spec leaves open. */
export const supportMessages = {
  notFound: 'Support conversation not found.',
  claimedByOther: 'This conversation is already claimed by another agent.',
  notPending: 'Only a pending conversation can be claimed.',
  notOpen: 'Only an open conversation can be resolved.',
  resolved: 'This conversation is resolved.',
  notAssigned: 'Claim this conversation before replying.',
  badId: 'Invalid support conversation id.',
} as const;
