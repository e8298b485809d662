import {
  supportConversationResponseSchema,
  supportQueueResponseSchema,
  supportTicketActionResponseSchema,
  type SupportConversationResponse,
  type SupportQueueQuery,
  type SupportQueueResponse,
  type SupportReplyRequest,
  type SupportTicketActionResponse,
} from '@app/contracts';
import { apiRequest } from './client';

const conversationPath = (id: string) => `/api/support/conversations/${encodeURIComponent(id)}`;
const ticketPath = (id: string) => `/api/support/tickets/${encodeURIComponent(id)}`;

/** GET /api/support/queue: chats and tickets, urgent first, then the longest waiting (the server's order). */
export function fetchSupportQueue(query: SupportQueueQuery = {}): Promise<SupportQueueResponse> {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const search = params.toString();
  return apiRequest(`/api/support/queue${search ? `?${search}` : ''}`, supportQueueResponseSchema);
}

/** GET /api/support/conversations/{id}: the escalation, the chat's messages, the user context and account. */
export function fetchSupportConversation(id: string): Promise<SupportConversationResponse> {
  return apiRequest(conversationPath(id), supportConversationResponseSchema);
}

/** POST .../claim: a pending conversation becomes open and the agent's (409 when another agent has it). */
export function claimSupportConversation(id: string): Promise<SupportConversationResponse> {
  return apiRequest(`${conversationPath(id)}/claim`, supportConversationResponseSchema, { method: 'POST' });
}

/** POST .../reply: an agent message in the user's chat; only the agent who claimed it may reply. */
export function replySupportConversation(id: string, body: SupportReplyRequest): Promise<SupportConversationResponse> {
  return apiRequest(`${conversationPath(id)}/reply`, supportConversationResponseSchema, { method: 'POST', body });
}

/** POST .../resolve: only the agent who claimed the open conversation may resolve it. */
export function resolveSupportConversation(id: string): Promise<SupportConversationResponse> {
  return apiRequest(`${conversationPath(id)}/resolve`, supportConversationResponseSchema, { method: 'POST' });
}

/** POST /api/support/tickets/{id}/claim: the same states as chats. */
export function claimSupportTicket(id: string): Promise<SupportTicketActionResponse> {
  return apiRequest(`${ticketPath(id)}/claim`, supportTicketActionResponseSchema, { method: 'POST' });
}

/** POST /api/support/tickets/{id}/resolve. */
export function resolveSupportTicket(id: string): Promise<SupportTicketActionResponse> {
  return apiRequest(`${ticketPath(id)}/resolve`, supportTicketActionResponseSchema, { method: 'POST' });
}
