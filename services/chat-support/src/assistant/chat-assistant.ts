import type { ChatMessageType, ChatSource } from '@app/contracts';
import type { AuthUser } from '@app/platform';

/** What the assistant is asked: the question, the conversation so far and who asks. */
export interface AssistantRequest {
  user: AuthUser;
  question: string;
  /** Earlier messages of the conversation, oldest first (without the question). */
  history: { type: ChatMessageType; content: string }[];
}

export interface AssistantReply {
  text: string;
  /** The help passages (and the user's own records) the reply was built from. */
  sources: ChatSource[];
  /** The assistant could not answer: it offers the human support team. */
  offerHuman: boolean;
}

/** The port: the chat's answering engine (OpenAI with retrieval and tools, or the built-in retrieval engine). */
export interface ChatAssistant {
  reply(request: AssistantRequest): Promise<AssistantReply>;
}

export const CHAT_ASSISTANT = Symbol('CHAT_ASSISTANT');

/** The reply when neither the help content nor the user's records answer the question. */
export const notKnownReply =
  "I'm sorry, I couldn't find the answer to that in our help content, and I'd rather not guess. " +
  'Would you like me to connect you with our support team? A person can take it from here.';
