import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, MailRecipients, MailService } from '@app/platform';
import type { ChatSupportConfig } from '../config';
import { WidgetPresence } from '../live/widget-presence';
import { supportReplyMail, supportReplyMailId } from './support-reply-mail';

/**
 * Issue 39: an agent's reply reaches a member whose widget is closed by mail. Called once the reply
 * is committed; nothing when the chat session's stream is connected (the widget shows it), when
 * the member turned support-reply mail off, or when no address is known.
 */
@Injectable()
export class SupportReplyMailer {
  private readonly logger = new Logger(SupportReplyMailer.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: ChatSupportConfig,
    private readonly presence: WidgetPresence,
    private readonly recipients: MailRecipients,
    private readonly mail: MailService,
  ) {}

  async replied(reply: { userId: string; sessionId: string; supportConversationId: string; text: string; at: Date }) {
    try {
      if (await this.presence.isOpen(reply.userId, reply.sessionId)) return;
      const recipient = await this.recipients.of(reply.userId, 'supportReplies');
      if (!recipient) return;
      await this.mail.send(
        supportReplyMailId(reply.supportConversationId, reply.at),
        supportReplyMail(recipient, this.config.PUBLIC_URL, reply.text),
      );
    } catch (error) {
      // The reply stands and the chat's history shows it; only the notice is lost.
      this.logger.error(`support reply mail for user ${reply.userId} not queued: ${(error as Error).message}`);
    }
  }
}
