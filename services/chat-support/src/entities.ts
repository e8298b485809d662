import { CreateSupportTickets1763769600300 } from '../migrations/1763769600300-create-support-tickets';
import { SupportTicket } from './tickets/support-ticket.entity';

export const chatSupportDatabase = {
  schema: 'chat_support',
  entities: [SupportTicket],
  migrations: [CreateSupportTickets1763769600300],
};
