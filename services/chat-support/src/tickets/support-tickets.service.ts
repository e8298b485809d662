import { Inject, Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ContactCategory, contactRequestSchema } from '@app/contracts';
import { APP_CONFIG, MailService, OutboxService, TransactionRunner } from '@app/platform';
import type { z } from 'zod';
import type { ChatSupportConfig } from '../config';
import { acknowledgementMail } from './acknowledgement-mail';
import { SupportTicketsRepository } from './support-tickets.repository';
import { ticketReference } from './ticket-reference.util';

export type ContactMessage = z.output<typeof contactRequestSchema>;

@Injectable()
export class SupportTicketsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ChatSupportConfig,
    private readonly tickets: SupportTicketsRepository,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
  ) {}

  /** Stores the message as a ticket and publishes ContactReceived together; then acknowledges by mail. */
  async fromContactForm(message: ContactMessage, requestId?: string): Promise<{ ticketId: string; reference: string }> {
    const email = message.email.toLowerCase();
    const ticket = await this.transactions.run(async (manager) => {
      const created = await this.tickets.create(manager, { source: 'contact_form', ...message, email });
      await this.outbox.publish(
        manager,
        'ContactReceived',
        created.id,
        {
          ticketId: created.id,
          reference: ticketReference(created.number),
          name: created.name,
          email,
          company: created.company,
          subject: created.subject,
          category: created.category,
          receivedAt: timestampFromDate(created.createdAt),
        },
        requestId,
      );
      return created;
    });
    const reference = ticketReference(ticket.number);
    await this.mail.send(
      `contact-ack-${ticket.id}`,
      acknowledgementMail(
        { reference, name: ticket.name, email, subject: ticket.subject, category: ticket.category as ContactCategory },
        this.config.PUBLIC_URL,
      ),
    );
    return { ticketId: ticket.id, reference };
  }
}
