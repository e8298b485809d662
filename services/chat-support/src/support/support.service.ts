import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  supportMessages,
  type ChatHistoryMessage,
  type SupportConversationResponse,
  type SupportConversationStatus,
  type SupportQueueResponse,
} from '@app/contracts';
import { AppError, TransactionRunner, type AuthUser, type Transaction } from '@app/platform';
import { AccountContextService } from '../account/account-context.service';
import type { ChatMessage } from '../chat/chat-message.entity';
import { ConversationsRepository } from '../chat/conversations.repository';
import type { SupportConversation } from '../escalations/support-conversation.entity';
import { SupportConversationsRepository } from '../escalations/support-conversations.repository';
import { ChatLiveService } from '../live/chat-live.service';
import { SupportReplyMailer } from '../mail/support-reply-mailer';
import { isBreached } from '../sla/support-sla.service';
import { SupportTicketsRepository } from '../tickets/support-tickets.repository';
import { SupportQueueRepository } from './support-queue.repository';

/** Messages of the chat an agent sees with a support conversation (the newest). */
const CONVERSATION_MESSAGES = 100;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Workable {
  status: SupportConversationStatus;
  assignedTo: string | null;
}

/**
 * The queue's rules, the same for chats and tickets: an agent claims a pending item (it becomes
 * open and theirs); an open item is worked (replied to, resolved) only by the agent who claimed it.
 * Claiming one's own open item again changes nothing.
 */
export function checkTransition(item: Workable, agentId: string, action: 'claim' | 'work'): void {
  if (item.status === 'resolved') throw new AppError(ErrorCode.Conflict, supportMessages.resolved);
  if (item.status === 'pending') {
    if (action === 'claim') return;
    throw new AppError(ErrorCode.Conflict, supportMessages.notAssigned);
  }
  if (item.assignedTo !== agentId) throw new AppError(ErrorCode.Conflict, supportMessages.claimedByOther);
}

export const historyMessage = (message: ChatMessage): ChatHistoryMessage => ({
  id: message.id,
  type: message.type,
  content: message.content,
  timestamp: message.createdAt.toISOString(),
  escalated: message.escalated,
});

/** Issue 16: the support team's queue (role support or admin; the controller's guard checks it). */
@Injectable()
export class SupportService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly queue: SupportQueueRepository,
    private readonly support: SupportConversationsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly tickets: SupportTicketsRepository,
    private readonly live: ChatLiveService,
    private readonly account: AccountContextService,
    private readonly replyMail: SupportReplyMailer,
  ) {}

  async list(status: SupportConversationStatus | undefined, limit: number): Promise<SupportQueueResponse> {
    const rows = await this.transactions.run((manager) => this.queue.list(manager, status, limit));
    const now = Date.now();
    return {
      items: rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        status: row.status,
        priority: row.priority,
        summary: row.summary,
        from: row.from,
        assignedTo: row.assigned_to,
        createdAt: row.created_at.toISOString(),
        waitingMs: Math.max(0, now - row.created_at.getTime()),
        firstResponseDueAt: row.first_response_due_at?.toISOString() ?? null,
        firstResponseAt: row.first_response_at?.toISOString() ?? null,
        breached: isBreached({
          firstResponseDueAt: row.first_response_due_at,
          firstResponseAt: row.first_response_at,
          slaBreachedAt: row.sla_breached_at,
        }),
      })),
    };
  }

  get(id: string): Promise<SupportConversationResponse> {
    return this.transactions.run(async (manager) => this.view(manager, await this.found(manager, id, false)));
  }

  async claim(agent: AuthUser, id: string): Promise<SupportConversationResponse> {
    const view = await this.transactions.run(async (manager) => {
      const conversation = await this.found(manager, id, true);
      checkTransition(conversation, agent.id, 'claim');
      if (conversation.status === 'pending') {
        Object.assign(conversation, { status: 'open', assignedTo: agent.id, claimedAt: new Date() });
        await this.support.update(manager, id, {
          status: 'open',
          assignedTo: agent.id,
          claimedAt: conversation.claimedAt,
        });
      }
      return this.view(manager, conversation);
    });
    await this.notifyStatus(view);
    return view;
  }

  /** The agent's answer becomes an `agent` message of the user's chat, which the widget reads from its history. */
  async reply(agent: AuthUser, id: string, text: string): Promise<SupportConversationResponse> {
    let sent: ChatMessage | undefined;
    const view = await this.transactions.run(async (manager) => {
      const conversation = await this.found(manager, id, true);
      checkTransition(conversation, agent.id, 'work');
      const message = await this.conversations.addMessage(manager, {
        conversationId: conversation.conversationId,
        type: 'agent',
        content: text,
      });
      sent = message;
      await this.conversations.touch(manager, conversation.conversationId, message.createdAt);
      if (!conversation.firstResponseAt) {
        conversation.firstResponseAt = message.createdAt;
        await this.support.update(manager, id, { firstResponseAt: message.createdAt });
      }
      return this.view(manager, conversation);
    });
    // Committed: the user's open widget shows it now (a closed one reads it from the history).
    if (sent) {
      await this.live.notify(view.userId, {
        type: 'message',
        sessionId: view.sessionId,
        message: historyMessage(sent),
      });
      // A closed widget: the member is told by mail (issue 39).
      await this.replyMail.replied({
        userId: view.userId,
        sessionId: view.sessionId,
        supportConversationId: id,
        text,
        at: sent.createdAt,
      });
    }
    return view;
  }

  async resolve(agent: AuthUser, id: string): Promise<SupportConversationResponse> {
    const view = await this.transactions.run(async (manager) => {
      const conversation = await this.found(manager, id, true);
      checkTransition(conversation, agent.id, 'work');
      Object.assign(conversation, { status: 'resolved', resolvedAt: new Date() });
      await this.support.update(manager, id, { status: 'resolved', resolvedAt: conversation.resolvedAt });
      return this.view(manager, conversation);
    });
    await this.notifyStatus(view);
    return view;
  }

  private notifyStatus(view: SupportConversationResponse): Promise<void> {
    return this.live.notify(view.userId, { type: 'status', sessionId: view.sessionId, supportStatus: view.status });
  }

  /** Contact-form tickets share the states: claim (pending → open) and resolve (open → resolved). */
  async workTicket(agent: AuthUser, id: string, action: 'claim' | 'resolve'): Promise<{ id: string; status: string }> {
    return this.transactions.run(async (manager) => {
      const ticket = uuidPattern.test(id) ? await this.tickets.lockById(manager, id) : null;
      if (!ticket) throw new AppError(ErrorCode.NotFound, supportMessages.notFound);
      checkTransition(ticket, agent.id, action === 'claim' ? 'claim' : 'work');
      if (action === 'claim' && ticket.status === 'pending') {
        await this.tickets.update(manager, id, { status: 'open', assignedTo: agent.id });
        return { id, status: 'open' };
      }
      if (action === 'resolve') {
        await this.tickets.update(manager, id, { status: 'resolved' });
        return { id, status: 'resolved' };
      }
      return { id, status: ticket.status };
    });
  }

  private async found(manager: Transaction, id: string, lock: boolean): Promise<SupportConversation> {
    if (!uuidPattern.test(id)) throw new AppError(ErrorCode.NotFound, supportMessages.notFound);
    const conversation = lock ? await this.support.lockById(manager, id) : await this.support.findById(manager, id);
    if (!conversation) throw new AppError(ErrorCode.NotFound, supportMessages.notFound);
    return conversation;
  }

  private async view(manager: Transaction, support: SupportConversation): Promise<SupportConversationResponse> {
    const chat = await this.conversations.findById(manager, support.conversationId);
    const messages = await this.conversations.recentMessages(manager, support.conversationId, CONVERSATION_MESSAGES);
    // Read now, not stored at escalation: the agent sees the plan and transactions as they are.
    const account = await this.account.of(manager, support.userId);
    return {
      id: support.id,
      userId: support.userId,
      sessionId: chat?.sessionId ?? '',
      status: support.status,
      priority: support.priority,
      message: support.message,
      sentiment: support.sentiment,
      assignedTo: support.assignedTo,
      createdAt: support.createdAt.toISOString(),
      claimedAt: support.claimedAt?.toISOString() ?? null,
      resolvedAt: support.resolvedAt?.toISOString() ?? null,
      firstResponseAt: support.firstResponseAt?.toISOString() ?? null,
      firstResponseDueAt: support.firstResponseDueAt?.toISOString() ?? null,
      breached: isBreached(support),
      userContext: support.userContext,
      account,
      messages: messages.map(historyMessage),
    };
  }
}
