import { Injectable } from '@nestjs/common';
import type { ComplianceCheckView } from '@app/contracts';
import { In, type EntityManager } from 'typeorm';
import { ComplianceRun } from './compliance-run.entity';

@Injectable()
export class ComplianceRunsRepository {
  insert(
    manager: EntityManager,
    run: Pick<ComplianceRun, 'id' | 'propertyId' | 'userId' | 'checks'>,
  ): Promise<ComplianceRun> {
    return manager.save(manager.create(ComplianceRun, { ...run, status: 'queued', progress: 0, evidence: {} }));
  }

  byId(manager: EntityManager, id: string): Promise<ComplianceRun | null> {
    return manager.findOneBy(ComplianceRun, { id });
  }

  /** The run locked until the caller's transaction ends: one worker records a check at a time. */
  lock(manager: EntityManager, id: string): Promise<ComplianceRun | null> {
    return manager
      .createQueryBuilder(ComplianceRun, 'run')
      .setLock('pessimistic_write')
      .where('run.id = :id', { id })
      .getOne();
  }

  /** Each property's newest run. */
  async latestOf(manager: EntityManager, propertyIds: string[]): Promise<Map<string, ComplianceRun>> {
    if (!propertyIds.length) return new Map();
    const runs = await manager
      .createQueryBuilder(ComplianceRun, 'run')
      .distinctOn(['run.property_id'])
      .where('run.property_id IN (:...propertyIds)', { propertyIds })
      .orderBy('run.property_id')
      .addOrderBy('run.started_at', 'DESC')
      .addOrderBy('run.id', 'DESC')
      .getMany();
    return new Map(runs.map((run) => [run.propertyId, run]));
  }

  async update(
    manager: EntityManager,
    id: string,
    changes: Partial<
      Pick<
        ComplianceRun,
        | 'status'
        | 'progress'
        | 'checks'
        | 'evidence'
        | 'riskScore'
        | 'overallStatus'
        | 'completedAt'
        | 'exceptionReason'
        | 'exceptionBy'
        | 'exceptionByEmail'
        | 'exceptionAt'
      >
    >,
  ): Promise<void> {
    await manager.update(ComplianceRun, { id }, changes as Record<string, unknown>);
  }

  /** Runs not finished (queued or running), oldest first: the worker requeues them at start. */
  async unfinished(manager: EntityManager): Promise<string[]> {
    const rows = await manager.find(ComplianceRun, {
      select: { id: true },
      where: { status: In(['queued', 'running']) },
      order: { startedAt: 'ASC' },
    });
    return rows.map((row) => row.id);
  }

  static withCheck(checks: ComplianceCheckView[], check: ComplianceCheckView): ComplianceCheckView[] {
    return checks.map((existing) => (existing.id === check.id ? check : existing));
  }
}
