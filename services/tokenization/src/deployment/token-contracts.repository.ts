import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { ChainFactory } from './chain-factory.entity';
import { TokenContract } from './token-contract.entity';

@Injectable()
export class TokenContractsRepository {
  save(manager: EntityManager, contract: Omit<TokenContract, 'createdAt' | 'updatedAt'>): Promise<TokenContract> {
    return manager.save(manager.create(TokenContract, contract));
  }

  ofProperty(manager: EntityManager, propertyId: string): Promise<TokenContract | null> {
    return manager.findOneBy(TokenContract, { propertyId });
  }

  async ofProperties(manager: EntityManager, propertyIds: string[]): Promise<Map<string, TokenContract>> {
    if (!propertyIds.length) return new Map();
    const contracts = await manager.findBy(TokenContract, { propertyId: In(propertyIds) });
    return new Map(contracts.map((contract) => [contract.propertyId, contract]));
  }

  byId(manager: EntityManager, id: string): Promise<TokenContract | null> {
    return manager.findOneBy(TokenContract, { id });
  }

  lock(manager: EntityManager, id: string): Promise<TokenContract | null> {
    return manager
      .createQueryBuilder(TokenContract, 'contract')
      .setLock('pessimistic_write')
      .where('contract.id = :id', { id })
      .getOne();
  }

  async update(
    manager: EntityManager,
    id: string,
    changes: Partial<Omit<TokenContract, 'id' | 'propertyId' | 'userId' | 'createdAt' | 'updatedAt'>>,
  ): Promise<void> {
    await manager.update(TokenContract, { id }, changes as Record<string, unknown>);
  }

  async unfinished(manager: EntityManager): Promise<string[]> {
    const rows = await manager.find(TokenContract, {
      select: { id: true },
      where: { status: In(['queued', 'deploying']) },
      order: { createdAt: 'ASC' },
    });
    return rows.map((row) => row.id);
  }

  factoryOf(manager: EntityManager, chainId: number): Promise<ChainFactory | null> {
    return manager.findOneBy(ChainFactory, { chainId });
  }

  async saveFactory(manager: EntityManager, chainId: number, addresses: Record<string, string>): Promise<void> {
    await manager.upsert(ChainFactory, { chainId, addresses, deployedAt: new Date() }, ['chainId']);
  }

  /** Serialises the chain work of every worker on one chain (one deployer key, one nonce sequence). */
  async lockChain(manager: EntityManager, chainId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('tokenization.chain'), $1)`, [chainId]);
  }
}
