import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** Runs work in one database transaction; services use it, repositories take the manager. */
@Injectable()
export class TransactionRunner {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}

/** Postgres unique_violation: the caller lost a race for a unique value. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string })?.code === '23505';
