import { Injectable } from '@nestjs/common';
import { contactCategories } from '@app/contracts';
import { TransactionRunner, type AuthUser } from '@app/platform';
import { SupportConversationsRepository } from '../escalations/support-conversations.repository';
import { SupportTicketsRepository } from '../tickets/support-tickets.repository';
import { ticketReference } from '../tickets/ticket-reference.util';

/** One of the user's requests for help: an escalated chat or a contact-form ticket. */
export interface SupportRecord {
  kind: 'escalated chat' | 'contact form ticket';
  reference: string;
  status: string;
  subject: string;
  priority?: string;
  createdAt: string;
}

const recordsShown = 10;

/**
 * The signed-in user's own support records that chat-support holds: escalated chats (by user id)
 * and contact-form tickets sent with the account's e-mail. Nothing of another user (the plan and
 * transactions are AccountFacts', from the account context read model).
 */
@Injectable()
export class SupportHistory {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly conversations: SupportConversationsRepository,
    private readonly tickets: SupportTicketsRepository,
  ) {}

  async of(user: AuthUser): Promise<SupportRecord[]> {
    return this.transactions.run(async (manager) => {
      const [escalated, tickets] = await Promise.all([
        this.conversations.ofUser(manager, user.id, recordsShown),
        this.tickets.ofEmail(manager, user.email.toLowerCase(), recordsShown),
      ]);
      const records: SupportRecord[] = [
        ...escalated.map((conversation): SupportRecord => ({
          kind: 'escalated chat',
          reference: conversation.id,
          status: conversation.status,
          subject: conversation.message.slice(0, 120),
          priority: conversation.priority,
          createdAt: conversation.createdAt.toISOString(),
        })),
        ...tickets.map((ticket): SupportRecord => ({
          kind: 'contact form ticket',
          reference: ticketReference(ticket.number),
          status: ticket.status,
          subject: `${ticket.subject} (${contactCategories.find((c) => c.value === ticket.category)?.label ?? ticket.category})`,
          createdAt: ticket.createdAt.toISOString(),
        })),
      ];
      return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, recordsShown);
    });
  }
}

/** A record as one line of text, for a reply or a tool result. */
export const supportRecordLine = (record: SupportRecord): string =>
  `${record.kind} ${record.reference}: "${record.subject}", status ${record.status}` +
  (record.priority ? `, priority ${record.priority}` : '') +
  `, opened ${record.createdAt.slice(0, 10)}`;
