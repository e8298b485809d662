import { CreateMailRecipients1767916800600, MailRecipient } from '@app/platform';
import { CreateSupportTickets1763769600300 } from '../migrations/1763769600300-create-support-tickets';
import { ChatConversations1765497600300 } from '../migrations/1765497600300-chat-conversations';
import { SupportQueue1765584000300 } from '../migrations/1765584000300-support-queue';
import { AccountContext1765670400300 } from '../migrations/1765670400300-account-context';
import { AccountKycChangedAt1765843200300 } from '../migrations/1765843200300-account-kyc-changed-at';
import { AccountContext } from './account/account-context.entity';
import { AccountTransaction } from './account/account-transaction.entity';
import { ChatConversation } from './chat/chat-conversation.entity';
import { ChatMessage } from './chat/chat-message.entity';
import { SupportConversation } from './escalations/support-conversation.entity';
import { SupportTicket } from './tickets/support-ticket.entity';

export const chatSupportDatabase = {
  schema: 'chat_support',
  entities: [
    SupportTicket,
    ChatConversation,
    ChatMessage,
    SupportConversation,
    AccountContext,
    AccountTransaction,
    MailRecipient,
  ],
  migrations: [
    CreateSupportTickets1763769600300,
    ChatConversations1765497600300,
    SupportQueue1765584000300,
    AccountContext1765670400300,
    AccountKycChangedAt1765843200300,
    CreateMailRecipients1767916800600,
  ],
};
