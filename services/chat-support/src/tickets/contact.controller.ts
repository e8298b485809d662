import { Body, Controller, Post } from '@nestjs/common';
import { contactRequestSchema, type ContactResponse } from '@app/contracts';
import { RequestId, ZodValidationPipe } from '@app/platform';
import { SupportTicketsService, type ContactMessage } from './support-tickets.service';

@Controller('api/contact')
export class ContactController {
  constructor(private readonly tickets: SupportTicketsService) {}

  @Post()
  async contact(
    @Body(new ZodValidationPipe(contactRequestSchema)) body: ContactMessage,
    @RequestId() requestId: string | undefined,
  ): Promise<ContactResponse> {
    const { ticketId, reference } = await this.tickets.fromContactForm(body, requestId);
    return { success: true, message: `Message received. Your ticket reference is ${reference}.`, ticketId };
  }
}
