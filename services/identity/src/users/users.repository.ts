import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { User } from './user.entity';

export type NewUser = Omit<User, 'id' | 'createdAt' | 'role' | 'kycStatus' | 'riskScore' | 'emailVerified'>;

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.toLowerCase() });
  }

  async create(manager: EntityManager, user: NewUser): Promise<User> {
    return manager.save(manager.create(User, user));
  }

  async markEmailVerified(manager: EntityManager, id: string): Promise<void> {
    await manager.update(User, { id }, { emailVerified: true });
  }

  async setPasswordHash(manager: EntityManager, id: string, passwordHash: string): Promise<void> {
    await manager.update(User, { id }, { passwordHash });
  }

  async setKycStatus(manager: EntityManager, id: string, kycStatus: string): Promise<void> {
    await manager.update(User, { id }, { kycStatus });
  }

  async lockById(manager: EntityManager, id: string): Promise<User | null> {
    return manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }
}
