import { Inject, Injectable } from '@nestjs/common';
import type { ChatPriority, MailJob } from '@app/contracts';
import { APP_CONFIG, escapeHtml, MailService, TransactionRunner } from '@app/platform';
import type { ChatSupportConfig } from '../config';
import type { SupportConversation } from '../escalations/support-conversation.entity';
import { SupportConversationsRepository } from '../escalations/support-conversations.repository';
import { businessDueAt } from './business-hours.util';
import { SupportSlaSchedules } from './support-sla.schedules';

/** A breach raises the priority one step (urgent stays urgent). */
const raised: Record<ChatPriority, ChatPriority> = { low: 'medium', medium: 'high', high: 'urgent', urgent: 'urgent' };

export type SlaOutcome = 'breached' | 'answered' | 'not-due' | 'gone';

/** Is the first response late? Late when it came after the due time, or has not come and the time has passed. */
export const isBreached = (
  support: Pick<SupportConversation, 'firstResponseDueAt' | 'firstResponseAt' | 'slaBreachedAt'>,
  now = new Date(),
): boolean =>
  support.slaBreachedAt !== null ||
  (support.firstResponseDueAt !== null && (support.firstResponseAt ?? now) > support.firstResponseDueAt);

/**
 * Issue 16's first-response SLA: every escalated chat is due for an agent's reply within
 * SUPPORT_FIRST_RESPONSE_BUSINESS_MINUTES of business time. When its job fires with no reply, the
 * conversation's priority goes up a step and support is told by e-mail (SUPPORT_EMAIL).
 */
@Injectable()
export class SupportSlaService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ChatSupportConfig,
    private readonly transactions: TransactionRunner,
    private readonly support: SupportConversationsRepository,
    private readonly schedules: SupportSlaSchedules,
    private readonly mail: MailService,
  ) {}

  dueAt(escalatedAt: Date): Date {
    return businessDueAt(escalatedAt, this.config.SUPPORT_FIRST_RESPONSE_BUSINESS_MINUTES);
  }

  schedule(support: Pick<SupportConversation, 'id' | 'firstResponseDueAt'>): Promise<boolean> {
    return support.firstResponseDueAt
      ? this.schedules.schedule(support.id, support.firstResponseDueAt)
      : Promise.resolve(true);
  }

  /** At start: every escalation still waiting for its first reply gets its job again (Redis may have lost it). */
  async rescheduleAll(): Promise<number> {
    const waiting = await this.transactions.run((manager) => this.support.awaitingFirstResponse(manager));
    for (const support of waiting) await this.schedule(support);
    return waiting.length;
  }

  /**
   * The job: checks under a lock, so a reply at the same moment either counts or comes after the
   * breach. `not-due` (the job ran early) carries the due time for the job to wait until.
   */
  async check(supportConversationId: string, now = new Date()): Promise<{ outcome: SlaOutcome; dueAt?: Date }> {
    const checked = await this.transactions.run(async (manager) => {
      const support = await this.support.lockById(manager, supportConversationId);
      if (!support || support.status === 'resolved' || support.slaBreachedAt) return { outcome: 'gone' as const };
      if (support.firstResponseAt) return { outcome: 'answered' as const };
      if (!support.firstResponseDueAt) return { outcome: 'gone' as const };
      if (support.firstResponseDueAt > now) return { outcome: 'not-due' as const, dueAt: support.firstResponseDueAt };
      const priority = raised[support.priority];
      await this.support.update(manager, support.id, { priority, slaBreachedAt: now });
      return { outcome: 'breached' as const, support: { ...support, priority } };
    });
    if (checked.outcome === 'breached') {
      await this.mail.send(`support-sla-${supportConversationId}`, this.breachMail(checked.support));
    }
    return { outcome: checked.outcome, ...(checked.outcome === 'not-due' ? { dueAt: checked.dueAt } : {}) };
  }

  private breachMail(support: SupportConversation): MailJob {
    const lines = [
      `An escalated chat has had no reply from the support team by its first-response time (${support.firstResponseDueAt?.toISOString()}).`,
      `Priority raised to ${support.priority}. Status: ${support.status}.`,
      `Message: "${support.message}"`,
      `${this.config.PUBLIC_URL}/support/conversations/${support.id}`,
    ];
    return {
      to: this.config.SUPPORT_EMAIL,
      subject: `Support SLA breached [${support.id}]`,
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    };
  }
}
