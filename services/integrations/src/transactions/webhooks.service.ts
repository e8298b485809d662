import { Injectable } from '@nestjs/common';
import { ErrorCode, transactionDeliverySchema, type DeliveryResponse } from '@app/contracts';
import { AppError, isUuid, parseInput, TransactionRunner, verifyWebhookSignature } from '@app/platform';
import { Credentials } from '../integrations/credentials';
import { IntegrationsRepository } from '../integrations/integrations.repository';
import { IngestionService } from './ingestion.service';

/** The delivery's JSON; a signed body that is not JSON is the sender's mistake (400), not ours. */
function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError(ErrorCode.MalformedBody, 'The delivery body is not valid JSON.');
  }
}

const notFound = () => new AppError(ErrorCode.NotFound, 'Integration not found');

/** Signed transaction deliveries from processors and POS systems (POST /api/integrations/webhooks/{id}). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly integrations: IntegrationsRepository,
    private readonly credentials: Credentials,
    private readonly ingestion: IngestionService,
  ) {}

  /**
   * Verifies the signature over the exact bytes received before reading anything in them. A
   * delivery to an inactive integration is verified, then refused with 409 and not recorded, so
   * the provider keeps retrying and nothing is lost once the merchant turns it back on.
   */
  async receive(
    id: string,
    rawBody: Buffer | undefined,
    signature: string | undefined,
    requestId?: string,
  ): Promise<DeliveryResponse> {
    if (!isUuid(id)) throw notFound();
    // One read outside any transaction: the hot path has only the ingest transaction.
    const target = await this.integrations.webhookTarget(this.transactions.autocommit, id);
    if (!target) throw notFound();
    const secret = this.credentials.open(target.id, 'signingSecret', target.signingSecret);
    if (!rawBody || !verifyWebhookSignature(secret, rawBody, signature)) {
      throw new AppError(ErrorCode.InvalidSignature, 'Invalid or missing signature.');
    }
    if (!target.isActive) throw new AppError(ErrorCode.Conflict, 'Integration is inactive');
    const raw = parseJson(rawBody);
    const delivery = parseInput(transactionDeliverySchema, raw);
    return this.ingestion.ingest(target, delivery, raw as Record<string, unknown>, requestId);
  }
}
