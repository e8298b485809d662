import {
  routeById,
  type ChatEscalateRequest,
  type ChatEscalateResponse,
  type ChatHistoryResponse,
  type ChatInitializeRequest,
  type ChatInitializeResponse,
  type ChatMessageRequest,
  type ChatMessageResponse,
  type ChatSentimentRequest,
  type ChatSentimentResponse,
} from '@app/contracts';
import { callRoute, routeUrl } from './client';

/** POST /api/chat/initialize (spec 7): opens the session's conversation; the widget does not use the answer. */
export function initializeChat(body: ChatInitializeRequest): Promise<ChatInitializeResponse> {
  return callRoute(routeById('initializeChat'), { body });
}

/** POST /api/chat/sentiment (spec 7): label, score, escalationRequired and the priority they give. */
export function analyseChatSentiment(body: ChatSentimentRequest): Promise<ChatSentimentResponse> {
  return callRoute(routeById('analyzeChatSentiment'), { body });
}

/** POST /api/chat/message (spec 7): the assistant's reply in `message`, with the sources it used. */
export function sendChatMessage(body: ChatMessageRequest): Promise<ChatMessageResponse> {
  return callRoute(routeById('sendChatMessage'), { body });
}

/** POST /api/chat/escalate (spec 7): hands the chat to the human support team. */
export function escalateChat(body: ChatEscalateRequest): Promise<ChatEscalateResponse> {
  return callRoute(routeById('escalateChat'), { body });
}

/** GET /api/chat/history: the chat so far as the server keeps it, agents' replies included (issue 16). */
export function chatHistory(sessionId: string): Promise<ChatHistoryResponse> {
  return callRoute(routeById('getChatHistory'), { query: { sessionId } });
}

/** GET /api/chat/stream (server-sent events): agents' replies and the support state as they happen. */
export const chatStreamPath = (sessionId: string): string =>
  routeUrl(routeById('streamChat'), { query: { sessionId } });
