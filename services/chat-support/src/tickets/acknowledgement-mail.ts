import { contactCategories, supportResponseTimes, type ContactCategory, type MailJob } from '@app/contracts';
import { escapeHtml } from '@app/platform';

export interface AcknowledgedTicket {
  reference: string;
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
}

/** Confirms receipt, quotes the reference and the response time promised for the category (spec 9). */
export function acknowledgementMail(ticket: AcknowledgedTicket, publicUrl: string): MailJob {
  const category = contactCategories.find((c) => c.value === ticket.category)?.label ?? ticket.category;
  const lines = [
    `Hello ${ticket.name},`,
    `Thank you for contacting us. We have received your message "${ticket.subject}" and opened ticket ${ticket.reference}.`,
    `Category: ${category}. We aim to reply within 24 hours; for this category our usual first response is ${supportResponseTimes[ticket.category]}.`,
    'Please quote the ticket reference if you write to us again about this request.',
    `${publicUrl}/contact`,
  ];
  return {
    to: ticket.email,
    subject: `We received your message [${ticket.reference}]`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
