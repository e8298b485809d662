import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { integrationLabels, type createPosRequestSchema, type CreatedPos, type PosView } from '@app/contracts';
import { TransactionRunner } from '@app/platform';
import type { z } from 'zod';
import { SyncSchedules } from '../sync/sync-schedules';
import { Credentials, newSigningSecret } from './credentials';
import { IntegrationsRepository } from './integrations.repository';
import { posView } from './views';

export type CreatePos = z.output<typeof createPosRequestSchema>;

/** A user's POS systems: add and list. Each active entry gets a sync job at its frequency. */
@Injectable()
export class PosSystemsService {
  private readonly logger = new Logger(PosSystemsService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: IntegrationsRepository,
    private readonly credentials: Credentials,
    private readonly schedules: SyncSchedules,
  ) {}

  async list(userId: string): Promise<PosView[]> {
    const entries = await this.transactions.run((manager) => this.repository.posListOf(manager, userId));
    return entries.map((pos) => posView(this.credentials, pos));
  }

  async create(userId: string, request: CreatePos): Promise<CreatedPos> {
    const id = randomUUID();
    const signingSecret = newSigningSecret();
    const saved = await this.transactions.run((manager) =>
      this.repository.savePos(manager, {
        id,
        userId,
        posSystem: request.posSystem,
        posName: request.posName || integrationLabels[request.posSystem],
        apiKey: this.credentials.seal(id, 'apiKey', request.apiKey),
        locationId: request.locationId || null,
        syncFrequency: request.syncFrequency,
        signingSecret: this.credentials.seal(id, 'signingSecret', signingSecret),
        isActive: true,
        configuration: {},
      }),
    );
    // The entry is stored either way; the worker's reconcile job adds a schedule that failed here.
    await this.schedules.upsert(saved).catch((error: unknown) => {
      this.logger.warn(`scheduling the sync of POS ${saved.id} failed: ${(error as Error).message}`);
    });
    return { ...posView(this.credentials, saved), signingSecret };
  }
}
