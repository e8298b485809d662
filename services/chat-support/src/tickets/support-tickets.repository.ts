import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SupportTicket } from './support-ticket.entity';

export type NewTicket = Pick<
  SupportTicket,
  'source' | 'name' | 'email' | 'company' | 'subject' | 'category' | 'message'
>;

@Injectable()
export class SupportTicketsRepository {
  async create(manager: EntityManager, ticket: NewTicket): Promise<SupportTicket> {
    return manager.save(manager.create(SupportTicket, ticket));
  }

  /** Tickets sent from the contact form with this (lower-case) e-mail, newest first. */
  ofEmail(manager: EntityManager, email: string, limit: number): Promise<SupportTicket[]> {
    return manager.find(SupportTicket, { where: { email }, order: { createdAt: 'DESC' }, take: limit });
  }
}
