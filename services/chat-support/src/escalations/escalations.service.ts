import { Inject, Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { chatMessages, priorityOf, type chatEscalateRequestSchema, type ChatEscalateResponse } from '@app/contracts';
import { isUniqueViolation, OutboxService, TransactionRunner, type AuthUser } from '@app/platform';
import type { z } from 'zod';
import { ChatService } from '../chat/chat.service';
import { ConversationsRepository } from '../chat/conversations.repository';
import { SENTIMENT_ANALYZER, type SentimentAnalyzer } from '../sentiment/sentiment-analyzer';
import { SupportSlaService } from '../sla/support-sla.service';
import { SupportConversationsRepository } from './support-conversations.repository';

export type EscalateRequest = z.output<typeof chatEscalateRequestSchema>;

/** Why a chat was escalated when the analysis did not ask for it: the user (or the widget) asked for a person. */
const askedForPerson = 'The user asked for a person';

/**
 * Spec 7's escalate call: the chat becomes a support conversation in the team's queue (pending),
 * with the user context the widget sends, and ChatEscalated is published in the same transaction.
 * The priority comes from the service's own analysis of the message, not from the client's claim:
 * urgent when escalation is required (spec 4), low otherwise. While the chat's support conversation
 * is not resolved, a further escalation returns it (raised to urgent if needed) and publishes nothing.
 */
@Injectable()
export class EscalationsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly chat: ChatService,
    private readonly conversations: ConversationsRepository,
    private readonly support: SupportConversationsRepository,
    private readonly outbox: OutboxService,
    private readonly sla: SupportSlaService,
    @Inject(SENTIMENT_ANALYZER) private readonly analyzer: SentimentAnalyzer,
  ) {}

  async escalate(user: AuthUser, request: EscalateRequest, requestId?: string): Promise<ChatEscalateResponse> {
    const analysed = await this.analyzer.analyze(request.message);
    const sentiment = analysed.escalationRequired ? analysed : { ...analysed, reason: askedForPerson };
    const priority = priorityOf(analysed);
    for (let attempt = 1; ; attempt++) {
      try {
        const escalated = await this.transactions.run(async (manager) => {
          const conversation = await this.chat.conversationOf(manager, user, request.sessionId);
          await this.conversations.markEscalated(manager, conversation.id, request.message, priority);
          const active = await this.support.activeOf(manager, conversation.id);
          if (active) {
            if (priority === 'urgent' && active.priority !== 'urgent') {
              await this.support.setPriority(manager, active.id, 'urgent');
              return { conversation: { ...active, priority }, created: false };
            }
            return { conversation: active, created: false };
          }
          const created = await this.support.create(manager, {
            firstResponseDueAt: this.sla.dueAt(new Date()),
            conversationId: conversation.id,
            userId: user.id,
            priority,
            message: request.message,
            sentiment,
            userContext: request.userContext,
          });
          await this.outbox.publish(
            manager,
            'ChatEscalated',
            user.id,
            {
              supportConversationId: created.id,
              conversationId: conversation.id,
              userId: user.id,
              sessionId: conversation.sessionId,
              priority,
              sentimentLabel: sentiment.label,
              sentimentScore: sentiment.score,
              reason: sentiment.reason,
              escalatedAt: timestampFromDate(created.createdAt),
            },
            requestId,
          );
          return { conversation: created, created: true };
        });
        // The first-response SLA clock starts with the new support conversation (issue 16).
        if (escalated.created) await this.sla.schedule(escalated.conversation);
        return {
          success: true,
          supportConversationId: escalated.conversation.id,
          status: escalated.conversation.status,
          priority: escalated.conversation.priority,
          message: chatMessages.escalated,
        };
      } catch (error) {
        // Two escalations of one chat at once: the loser finds the winner's conversation on retry.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }
}
