import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  integrationLabels,
  type createProcessorRequestSchema,
  type CreatedProcessor,
  type ProcessorView,
  type UpdateProcessorRequest,
} from '@app/contracts';
import { AppError, isUuid, TransactionRunner } from '@app/platform';
import type { z } from 'zod';
import { Credentials, newSigningSecret } from './credentials';
import { IntegrationsRepository } from './integrations.repository';
import { processorView } from './views';

export type CreateProcessor = z.output<typeof createProcessorRequestSchema>;

const notFound = () => new AppError(ErrorCode.NotFound, 'Payment processor not found');

/** A user's payment processors: add, list, turn on and off. Other users' ids are 404. */
@Injectable()
export class ProcessorsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: IntegrationsRepository,
    private readonly credentials: Credentials,
  ) {}

  async list(userId: string): Promise<ProcessorView[]> {
    const processors = await this.transactions.run((manager) => this.repository.processorsOf(manager, userId));
    return processors.map((processor) => processorView(this.credentials, processor));
  }

  /** Stores the processor with sealed credentials; the answer carries the signing secret once. */
  async create(userId: string, request: CreateProcessor): Promise<CreatedProcessor> {
    const id = randomUUID();
    const signingSecret = newSigningSecret();
    const saved = await this.transactions.run((manager) =>
      this.repository.saveProcessor(manager, {
        id,
        userId,
        processorType: request.processorType,
        processorName: request.processorName || integrationLabels[request.processorType],
        apiKey: this.credentials.seal(id, 'apiKey', request.apiKey),
        apiSecret: request.apiSecret ? this.credentials.seal(id, 'apiSecret', request.apiSecret) : null,
        webhookUrl: request.webhookUrl || null,
        signingSecret: this.credentials.seal(id, 'signingSecret', signingSecret),
        isActive: true,
        configuration: {},
      }),
    );
    return { ...processorView(this.credentials, saved), signingSecret };
  }

  async setActive(userId: string, id: string, request: UpdateProcessorRequest): Promise<ProcessorView> {
    if (!isUuid(id)) throw notFound();
    const updated = await this.transactions.run((manager) =>
      this.repository.setProcessorActive(manager, userId, id, request.isActive),
    );
    if (!updated) throw notFound();
    return processorView(this.credentials, updated);
  }
}
