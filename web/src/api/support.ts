import {
  routeById,
  type SupportConversationResponse,
  type SupportQueueQuery,
  type SupportQueueResponse,
  type SupportReplyRequest,
  type SupportTicketActionResponse,
} from '@app/contracts';
import { callRoute } from './client';

/** GET /api/support/queue: chats and tickets, urgent first, then the longest waiting (the server's order). */
export function fetchSupportQueue(query: SupportQueueQuery = {}): Promise<SupportQueueResponse> {
  const { status, limit } = query;
  // The limit's input type is the coercing schema's (unknown): it goes as text.
  return callRoute(routeById('listSupportQueue'), {
    query: { status, limit: limit === undefined ? undefined : String(limit) },
  });
}

/** GET /api/support/conversations/{id}: the escalation, the chat's messages, the user context and account. */
export function fetchSupportConversation(id: string): Promise<SupportConversationResponse> {
  return callRoute(routeById('getSupportConversation'), { params: { id } });
}

/** POST .../claim: a pending conversation becomes open and the agent's (409 when another agent has it). */
export function claimSupportConversation(id: string): Promise<SupportConversationResponse> {
  return callRoute(routeById('claimSupportConversation'), { params: { id } });
}

/** POST .../reply: an agent message in the user's chat; only the agent who claimed it may reply. */
export function replySupportConversation(id: string, body: SupportReplyRequest): Promise<SupportConversationResponse> {
  return callRoute(routeById('replyToSupportConversation'), { params: { id }, body });
}

/** POST .../resolve: only the agent who claimed the open conversation may resolve it. */
export function resolveSupportConversation(id: string): Promise<SupportConversationResponse> {
  return callRoute(routeById('resolveSupportConversation'), { params: { id } });
}

/** POST /api/support/tickets/{id}/claim: the same states as chats. */
export function claimSupportTicket(id: string): Promise<SupportTicketActionResponse> {
  return callRoute(routeById('claimSupportTicket'), { params: { id } });
}

/** POST /api/support/tickets/{id}/resolve. */
export function resolveSupportTicket(id: string): Promise<SupportTicketActionResponse> {
  return callRoute(routeById('resolveSupportTicket'), { params: { id } });
}
