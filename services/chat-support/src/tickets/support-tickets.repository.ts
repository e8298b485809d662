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

  /** One ticket, locked for the caller's transaction. */
  lockById(manager: EntityManager, id: string): Promise<SupportTicket | null> {
    return manager
      .createQueryBuilder(SupportTicket, 'ticket')
      .setLock('pessimistic_write')
      .where('ticket.id = :id', { id })
      .getOne();
  }

  async update(manager: EntityManager, id: string, changes: Partial<Pick<SupportTicket, 'status' | 'assignedTo'>>) {
    await manager.update(SupportTicket, { id }, changes);
  }
}
