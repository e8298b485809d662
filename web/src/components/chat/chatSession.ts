import type {
  ChatMessageType,
  ChatPriority,
  ChatSource,
  SentimentLabel,
  SupportConversationStatus,
} from '@app/contracts';

/** Spec 3's chat message, as the widget shows it (with the sources a reply cites). */
export interface ChatMessage {
  id: string;
  type: ChatMessageType;
  content: string;
  /** ISO 8601. */
  timestamp: string;
  sentiment?: SentimentLabel;
  priority?: ChatPriority;
  escalated?: boolean;
  sources?: ChatSource[];
  /** A bot reply that could not answer offers the support team (until the user takes it up). */
  offerHuman?: boolean;
}

/** The widget's conversation in this tab: reopening the panel, or another signed-in page, continues it. */
export interface ChatSessionState {
  /** Spec 3: one id per visit (this tab), `^[\w.:-]{8,100}$`. */
  id: string;
  /** Epoch milliseconds; the escalation sends the session's duration from it. */
  startedAt: number;
  /** POST /api/chat/initialize was sent for this id. */
  initialized: boolean;
  messages: ChatMessage[];
  /** The support team's conversation of this chat, once escalated (issue 16). */
  supportStatus?: SupportConversationStatus | null;
}

const storageKey = 'chat-session';
/** The messages kept in the tab's storage (the server keeps the whole conversation). */
const storedMessages = 50;

/** 128 random bits as hex (getRandomValues works outside secure contexts too, unlike randomUUID). */
const randomPart = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const newMessageId = () => randomPart();

function newSession(): ChatSessionState {
  return { id: `web_${Date.now()}_${randomPart()}`, startedAt: Date.now(), initialized: false, messages: [] };
}

const isSession = (value: unknown): value is ChatSessionState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChatSessionState).id === 'string' &&
  /^[\w.:-]{8,100}$/.test((value as ChatSessionState).id) &&
  typeof (value as ChatSessionState).startedAt === 'number' &&
  Array.isArray((value as ChatSessionState).messages);

/** This tab's chat session, or a new one (sessionStorage is per tab and ends with it). */
export function loadChatSession(): ChatSessionState {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    if (isSession(stored)) return stored;
  } catch {
    // Unreadable or blocked storage: a new session.
  }
  return newSession();
}

export function saveChatSession(session: ChatSessionState): void {
  try {
    sessionStorage.setItem(
      storageKey,
      JSON.stringify({ ...session, messages: session.messages.slice(-storedMessages) }),
    );
  } catch {
    // Storage full or blocked: the conversation still lives in memory for this page.
  }
}
