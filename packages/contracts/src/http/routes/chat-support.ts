import { route } from '../route';
import {
  chatEscalateRequestSchema,
  chatEscalateResponseSchema,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  chatInitializeRequestSchema,
  chatInitializeResponseSchema,
  chatMessageRequestSchema,
  chatMessageResponseSchema,
  chatSentimentRequestSchema,
  chatSentimentResponseSchema,
  chatStreamQuerySchema,
  supportConversationResponseSchema,
  supportQueueQuerySchema,
  supportQueueResponseSchema,
  supportReplyRequestSchema,
  supportTicketActionResponseSchema,
} from '../../chat';
import { contactRequestSchema, contactResponseSchema } from '../../contact';

const service = 'chat-support';

/** The public contact form: a support ticket, limited per client address and per sender's e-mail. */
export const contactRoutes = [
  route({
    id: 'submitContactForm',
    method: 'POST',
    path: '/api/contact',
    service,
    summary: 'Sends a message to the support team; the answer carries the ticket reference.',
    tag: 'Support',
    access: 'public',
    rateLimits: [
      { setting: 'RATE_LIMIT_CONTACT_PER_HOUR', windowSeconds: 3600 },
      { setting: 'RATE_LIMIT_CONTACT_PER_EMAIL_PER_HOUR', windowSeconds: 3600, bodyField: 'email' },
    ],
    body: contactRequestSchema,
    response: contactResponseSchema,
    status: 201,
  }),
] as const;

/**
 * Spec 7's chat widget: the session id names the chat, the session its owner. chat-support limits
 * these per user itself (CHAT_RATE_LIMIT_PER_MINUTE).
 */
export const chatRoutes = [
  route({
    id: 'initializeChat',
    method: 'POST',
    path: '/api/chat/initialize',
    service,
    summary: 'Opens (or resumes) the chat of a page visit; the answer carries the greeting.',
    tag: 'Chat',
    access: 'verified',
    body: chatInitializeRequestSchema,
    response: chatInitializeResponseSchema,
  }),
  route({
    id: 'analyzeChatSentiment',
    method: 'POST',
    path: '/api/chat/sentiment',
    service,
    summary: "A message's sentiment and the priority it gives the message.",
    tag: 'Chat',
    access: 'verified',
    body: chatSentimentRequestSchema,
    response: chatSentimentResponseSchema,
  }),
  route({
    id: 'sendChatMessage',
    method: 'POST',
    path: '/api/chat/message',
    service,
    summary: "Stores the user's message and answers the assistant's reply, with its sources.",
    tag: 'Chat',
    access: 'verified',
    body: chatMessageRequestSchema,
    response: chatMessageResponseSchema,
  }),
  route({
    id: 'escalateChat',
    method: 'POST',
    path: '/api/chat/escalate',
    service,
    summary: "Hands the chat to the support team's queue, with the last messages and the user's context.",
    tag: 'Chat',
    access: 'verified',
    body: chatEscalateRequestSchema,
    response: chatEscalateResponseSchema,
    status: 201,
  }),
  route({
    id: 'getChatHistory',
    method: 'GET',
    path: '/api/chat/history',
    service,
    summary: "The owner's chat so far, agents' replies included, oldest first.",
    tag: 'Chat',
    access: 'verified',
    query: chatHistoryQuerySchema,
    response: chatHistoryResponseSchema,
  }),
  route({
    id: 'streamChat',
    method: 'GET',
    path: '/api/chat/stream',
    service,
    summary:
      "Server-sent events of the owner's chat: agents' replies and the support conversation's state as they happen.",
    tag: 'Chat',
    access: 'verified',
    query: chatStreamQuerySchema,
    produces: 'text/event-stream',
    stream: true,
  }),
] as const;

/** Issue 16: the support team's queue of escalated chats and contact-form tickets (role support or admin). */
export const supportRoutes = [
  route({
    id: 'listSupportQueue',
    method: 'GET',
    path: '/api/support/queue',
    service,
    summary: 'Escalated chats and tickets, urgent first, then the longest waiting.',
    tag: 'Support',
    access: 'support',
    query: supportQueueQuerySchema,
    response: supportQueueResponseSchema,
  }),
  route({
    id: 'getSupportConversation',
    method: 'GET',
    path: '/api/support/conversations/:id',
    service,
    summary: "An escalated conversation: its chat's messages and the user context stored at escalation.",
    tag: 'Support',
    access: 'support',
    response: supportConversationResponseSchema,
  }),
  route({
    id: 'claimSupportConversation',
    method: 'POST',
    path: '/api/support/conversations/:id/claim',
    service,
    summary: 'Assigns the conversation to the calling agent.',
    tag: 'Support',
    access: 'support',
    response: supportConversationResponseSchema,
  }),
  route({
    id: 'replyToSupportConversation',
    method: 'POST',
    path: '/api/support/conversations/:id/reply',
    service,
    summary: "Posts an agent's reply into the user's chat (the open widget shows it live).",
    tag: 'Support',
    access: 'support',
    body: supportReplyRequestSchema,
    response: supportConversationResponseSchema,
  }),
  route({
    id: 'resolveSupportConversation',
    method: 'POST',
    path: '/api/support/conversations/:id/resolve',
    service,
    summary: 'Marks the conversation resolved.',
    tag: 'Support',
    access: 'support',
    response: supportConversationResponseSchema,
  }),
  route({
    id: 'claimSupportTicket',
    method: 'POST',
    path: '/api/support/tickets/:id/claim',
    service,
    summary: 'Assigns a contact-form ticket to the calling agent.',
    tag: 'Support',
    access: 'support',
    response: supportTicketActionResponseSchema,
  }),
  route({
    id: 'resolveSupportTicket',
    method: 'POST',
    path: '/api/support/tickets/:id/resolve',
    service,
    summary: 'Marks a contact-form ticket resolved.',
    tag: 'Support',
    access: 'support',
    response: supportTicketActionResponseSchema,
  }),
] as const;

export const chatSupportRoutes = [...contactRoutes, ...chatRoutes, ...supportRoutes] as const;
