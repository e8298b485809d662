import { Injectable } from '@nestjs/common';
import { In, IsNull, LessThan, Not, type EntityManager } from 'typeorm';
import { freeTimestampId } from '../common/timestamp-ids.repository';
import { Investment } from './investment.entity';
import { WholesaleDeclaration } from './wholesale-declaration.entity';

@Injectable()
export class InvestmentsRepository {
  insert(manager: EntityManager, investment: Omit<Investment, 'createdAt'>): Promise<Investment> {
    return manager.save(manager.create(Investment, investment));
  }

  freeReference(manager: EntityManager, at: Date): Promise<string> {
    return freeTimestampId(manager, 'investments', 'reference', 'INV-', at);
  }

  ofUser(manager: EntityManager, userId: string, reference: string): Promise<Investment | null> {
    return manager.findOneBy(Investment, { userId, reference });
  }

  byId(manager: EntityManager, id: string): Promise<Investment | null> {
    return manager.findOneBy(Investment, { id });
  }

  byPaymentRef(manager: EntityManager, paymentRef: string): Promise<Investment | null> {
    return manager.findOneBy(Investment, { paymentRef });
  }

  lock(manager: EntityManager, id: string): Promise<Investment | null> {
    return manager
      .createQueryBuilder(Investment, 'investment')
      .setLock('pessimistic_write')
      .where('investment.id = :id', { id })
      .getOne();
  }

  newest(manager: EntityManager, userId: string, limit: number): Promise<Investment[]> {
    return manager.find(Investment, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  async update(
    manager: EntityManager,
    id: string,
    changes: Partial<Omit<Investment, 'id' | 'userId' | 'propertyId'>>,
  ): Promise<void> {
    await manager.update(Investment, { id }, changes as Record<string, unknown>);
  }

  /** Tokens of a property taken by investments that did not fail (awaiting payment ones hold theirs). */
  async tokensTaken(manager: EntityManager, propertyId: string): Promise<bigint> {
    const [row] = (await manager.query(
      `SELECT coalesce(sum(tokens), 0)::text AS taken FROM tokenization.investments
        WHERE property_id = $1 AND status <> 'failed'`,
      [propertyId],
    )) as { taken: string }[];
    return BigInt(row!.taken);
  }

  /** Whole tokens minted to a wallet by the property's completed investments. */
  async completedUnits(manager: EntityManager, propertyId: string, walletAddress: string): Promise<bigint> {
    const [row] = (await manager.query(
      `SELECT coalesce(sum(tokens), 0)::text AS tokens FROM tokenization.investments
        WHERE property_id = $1 AND lower(wallet_address) = lower($2) AND status = 'completed'`,
      [propertyId, walletAddress],
    )) as { tokens: string }[];
    return BigInt(row!.tokens);
  }

  /** Whole tokens of the wallet's completed investments in the property still locked up (frozen on chain). */
  async lockedUnits(manager: EntityManager, propertyId: string, walletAddress: string): Promise<bigint> {
    const [row] = (await manager.query(
      `SELECT coalesce(sum(tokens), 0)::text AS tokens FROM tokenization.investments
        WHERE property_id = $1 AND lower(wallet_address) = lower($2) AND status = 'completed'
          AND locked_until IS NOT NULL AND unlocked_at IS NULL`,
      [propertyId, walletAddress],
    )) as { tokens: string }[];
    return BigInt(row!.tokens);
  }

  /** Completed investments whose lock-up has not been released (the worker schedules each release at start). */
  locked(manager: EntityManager): Promise<Investment[]> {
    return manager.find(Investment, {
      where: { status: 'completed', lockedUntil: Not(IsNull()), unlockedAt: IsNull() },
    });
  }

  /** Investments still awaiting payment that were made before `before` (their payment window closed), oldest first. */
  awaitingPaymentSince(manager: EntityManager, before: Date, limit: number): Promise<Investment[]> {
    return manager.find(Investment, {
      where: { status: 'awaiting_payment', createdAt: LessThan(before) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  /** Paid investments not yet minted (the worker queues their mints again at start). */
  async unminted(manager: EntityManager): Promise<string[]> {
    const rows = await manager.find(Investment, { select: { id: true }, where: { status: In(['paid', 'minting']) } });
    return rows.map((row) => row.id);
  }

  declarationOf(manager: EntityManager, userId: string): Promise<WholesaleDeclaration | null> {
    return manager.findOneBy(WholesaleDeclaration, { userId });
  }

  async saveDeclaration(manager: EntityManager, declaration: WholesaleDeclaration): Promise<void> {
    await manager.upsert(WholesaleDeclaration, declaration, ['userId']);
  }
}
