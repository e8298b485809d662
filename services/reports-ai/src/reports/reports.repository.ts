import { Injectable } from '@nestjs/common';
import type { ReportAnalysis, ReportFormat } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import type { ReportDocument } from '../report-document';
import { ReportFile } from './report-file.entity';
import { ReportRecord } from './report.entity';

@Injectable()
export class ReportsRepository {
  insert(
    manager: EntityManager,
    report: Omit<ReportRecord, 'createdAt' | 'generatedAt' | 'summary' | 'document' | 'analysis' | 'error'>,
  ): Promise<ReportRecord> {
    return manager.save(manager.create(ReportRecord, report));
  }

  byId(manager: EntityManager, id: string): Promise<ReportRecord | null> {
    return manager.findOneBy(ReportRecord, { id });
  }

  ofUser(manager: EntityManager, userId: string, id: string): Promise<ReportRecord | null> {
    return manager.findOneBy(ReportRecord, { userId, id });
  }

  /** The user's newest reports first (ties by id, so the order is stable). */
  newest(manager: EntityManager, userId: string, limit: number): Promise<ReportRecord[]> {
    return manager.find(ReportRecord, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** The report locked until the caller's transaction ends: one generation completes it, once. */
  lock(manager: EntityManager, id: string): Promise<ReportRecord | null> {
    return manager
      .createQueryBuilder(ReportRecord, 'report')
      .setLock('pessimistic_write')
      .where('report.id = :id', { id })
      .getOne();
  }

  /** Moves a report that is not completed to generating at `progress`; false when it is completed or gone. */
  async generating(manager: EntityManager, id: string, progress: number): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(ReportRecord)
      .set({ status: 'generating', progress, error: null })
      .where('id = :id AND status <> :completed', { id, completed: 'completed' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async progress(manager: EntityManager, id: string, progress: number): Promise<void> {
    await manager.update(ReportRecord, { id, status: 'generating' }, { progress });
  }

  /** Reports not completed nor failed, oldest first. */
  async unfinished(manager: EntityManager): Promise<string[]> {
    const rows = await manager.find(ReportRecord, {
      select: { id: true },
      where: [{ status: 'queued' }, { status: 'generating' }],
      order: { createdAt: 'ASC' },
    });
    return rows.map((row) => row.id);
  }

  async completed(
    manager: EntityManager,
    id: string,
    document: ReportDocument,
    summary: Record<string, number>,
    generatedAt: Date,
  ): Promise<void> {
    await manager.update(
      ReportRecord,
      { id },
      { status: 'completed', progress: 100, error: null, document, summary, generatedAt },
    );
  }

  /** Marks a report that is not completed failed, with why. */
  async failed(manager: EntityManager, id: string, error: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(ReportRecord)
      .set({ status: 'failed', error })
      .where('id = :id AND status <> :completed', { id, completed: 'completed' })
      .execute();
  }

  async setAnalysis(manager: EntityManager, id: string, analysis: ReportAnalysis): Promise<void> {
    await manager.update(ReportRecord, { id }, { analysis });
  }

  /** Writes (or, on a retried generation, replaces) a rendered file. */
  async saveFile(manager: EntityManager, file: Omit<ReportFile, 'createdAt'>): Promise<void> {
    await manager.upsert(ReportFile, file, ['reportId', 'format']);
  }

  file(manager: EntityManager, reportId: string, format: ReportFormat): Promise<ReportFile | null> {
    return manager.findOneBy(ReportFile, { reportId, format });
  }
}
