import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ErrorCode,
  hasRequiredDocuments,
  jurisdictionNames,
  propertyDocumentKeys,
  propertyDocumentTypes,
  propertySubmissionSchema,
  tokenizationMessages,
  uploadMessages,
  type PropertyDocumentKey,
  type PropertyList,
  type PropertyView,
  type TokenizationSummary,
} from '@app/contracts';
import { AppError, isUuid, OutboxService, parseInput, TransactionRunner, type Transaction } from '@app/platform';
import { retryOnUniqueViolation } from '../common/timestamp-id';
import { pendingChecks } from '../compliance/compliance-checks';
import { ComplianceRunsRepository } from '../compliance/compliance-runs.repository';
import { ComplianceQueue } from '../compliance/compliance.queue';
import { blockersOf, DeploymentRule } from '../deployment/deployment-rule';
import { TokenContractsRepository } from '../deployment/token-contracts.repository';
import { documentKindOf } from './document-kind';
import { PropertiesRepository } from './properties.repository';
import type { PropertyDocument } from './property-document.entity';
import type { Property } from './property.entity';
import { propertyView } from './property-views';

/** A file as the upload interceptor read it. */
export interface UploadedDocument {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
  size: number;
}

const LIST_LIMIT = 50;
const notFound = () => new AppError(ErrorCode.NotFound, 'Property not found');
/** A file name fit to store and to send back in Content-Disposition. */
const safeFileName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 200) || 'document';

/**
 * Submissions (spec 3 and 5): the fields and documents checked (the documents by their content),
 * stored with their SHA-256 in one transaction with PropertySubmitted, then the compliance run
 * queued. The owner alone reads them; another user's id is not found.
 */
@Injectable()
export class PropertiesService {
  private readonly logger = new Logger(PropertiesService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly properties: PropertiesRepository,
    private readonly runs: ComplianceRunsRepository,
    private readonly contracts: TokenContractsRepository,
    private readonly queue: ComplianceQueue,
    private readonly outbox: OutboxService,
    private readonly rule: DeploymentRule,
  ) {}

  async submit(
    userId: string,
    fields: Record<string, unknown>,
    files: UploadedDocument[],
    now = new Date(),
  ): Promise<PropertyView> {
    const submission = parseInput(propertySubmissionSchema, fields);
    const documents = this.checkDocuments(files);
    const id = randomUUID();
    const runId = randomUUID();
    const stored = documents.map((document): Omit<PropertyDocument, 'uploadedAt'> => ({
      ...document,
      id: randomUUID(),
      propertyId: id,
    }));
    // Two submissions in one millisecond: the loser of the race for the id takes the next one.
    const property = await retryOnUniqueViolation(() =>
      this.transactions.run(async (manager) => {
        const saved = await this.properties.insert(manager, {
          id,
          userId,
          submissionId: await this.properties.freeSubmissionId(manager, now),
          address: submission.propertyAddress,
          location: jurisdictionNames[submission.jurisdiction],
          propertyType: submission.propertyType,
          jurisdiction: submission.jurisdiction,
          titleReference: submission.titleReference,
          ownerName: submission.ownerName,
          value: submission.currentValue.toFixed(2),
          tokenSupply: String(submission.tokenSupply),
          tokenPrice: submission.tokenPrice.toFixed(2),
          description: submission.description,
          expectedYield: submission.expectedYield.toFixed(2),
          lockupPeriod: submission.lockupPeriod,
          valuationDate: submission.valuationDate,
          status: 'compliance',
          tokenizationStatus: 'pending',
          tokenId: null,
          contractAddress: null,
          linzVerified: false,
          regulatoryCompliant: false,
          dueDiligenceComplete: false,
          documents: stored.map(({ id: documentId, key, fileName, kind, sizeBytes, sha256 }) => ({
            id: documentId,
            key,
            fileName,
            kind,
            sizeBytes,
            sha256,
          })),
        });
        await this.properties.insertDocuments(manager, stored);
        await this.runs.insert(manager, { id: runId, propertyId: id, userId, checks: pendingChecks() });
        await this.outbox.publish(manager, 'PropertySubmitted', id, {
          propertyId: id,
          submissionId: saved.submissionId,
          userId,
          propertyType: saved.propertyType,
          jurisdiction: saved.jurisdiction,
          value: saved.value,
          documents: stored.length,
          occurredAt: timestampFromDate(now),
        });
        return saved;
      }),
    );
    await this.queueRun(runId);
    return this.get(userId, property.id);
  }

  /** Runs the checks again (e.g. once the owner's identity is verified), unless a run is under way or the token exists. */
  async recheck(userId: string, id: string): Promise<PropertyView> {
    const runId = randomUUID();
    await this.transactions.run(async (manager) => {
      const property = isUuid(id) ? await this.properties.lock(manager, id) : null;
      if (!property || property.userId !== userId) throw notFound();
      if (property.tokenizationStatus !== 'pending' && property.tokenizationStatus !== 'failed') {
        throw new AppError(ErrorCode.Conflict, 'The token is deployed; its compliance checks are final.');
      }
      const latest = (await this.runs.latestOf(manager, [id])).get(id);
      if (latest && (latest.status === 'queued' || latest.status === 'running')) {
        throw new AppError(ErrorCode.Conflict, 'The compliance checks are already running.');
      }
      await this.runs.insert(manager, { id: runId, propertyId: id, userId, checks: pendingChecks() });
      await this.properties.update(manager, id, { status: 'compliance' });
    });
    await this.queueRun(runId);
    return this.get(userId, id);
  }

  async list(userId: string): Promise<PropertyList> {
    const properties = await this.properties.newest(this.transactions.autocommit, userId, LIST_LIMIT);
    return { properties: await this.views(properties) };
  }

  async get(userId: string, id: string): Promise<PropertyView> {
    const [view] = await this.views([await this.owned(userId, id)]);
    return view!;
  }

  async document(userId: string, id: string, documentId: string): Promise<PropertyDocument> {
    await this.owned(userId, id);
    const document = isUuid(documentId)
      ? await this.properties.document(this.transactions.autocommit, id, documentId)
      : null;
    if (!document) throw new AppError(ErrorCode.NotFound, 'Document not found');
    return document;
  }

  summary(userId: string): Promise<TokenizationSummary> {
    return this.properties.summary(this.transactions.autocommit, userId);
  }

  async owned(userId: string, id: string, manager: Transaction = this.transactions.autocommit): Promise<Property> {
    const property = isUuid(id) ? await this.properties.ofUser(manager, userId, id) : null;
    if (!property) throw notFound();
    return property;
  }

  async views(properties: Property[]): Promise<PropertyView[]> {
    const ids = properties.map((property) => property.id);
    const [runs, contracts] = await Promise.all([
      this.runs.latestOf(this.transactions.autocommit, ids),
      this.contracts.ofProperties(this.transactions.autocommit, ids),
    ]);
    // The issuer's KYC and plan, read once per owner (a list is one user's).
    const now = new Date();
    const owners = [...new Set(properties.map((property) => property.userId))];
    const standings = new Map(
      await Promise.all(
        owners.map(async (owner) => [owner, await this.rule.issuer(this.transactions.autocommit, owner, now)] as const),
      ),
    );
    return properties.map((property) =>
      propertyView(
        property,
        runs.get(property.id),
        contracts.get(property.id),
        blockersOf(runs.get(property.id), standings.get(property.userId)!),
      ),
    );
  }

  /** Each file: a known document type, once, of an accepted kind by its content; then the 3-document rule. */
  private checkDocuments(files: UploadedDocument[]): Omit<PropertyDocument, 'id' | 'propertyId' | 'uploadedAt'>[] {
    const seen = new Set<string>();
    const documents = files.map((file) => {
      if (!(propertyDocumentKeys as string[]).includes(file.fieldname)) {
        throw new AppError(ErrorCode.ValidationFailed, uploadMessages.unknownDocument(file.fieldname.slice(0, 40)));
      }
      const key = file.fieldname as PropertyDocumentKey;
      const type = propertyDocumentTypes[key];
      if (seen.has(key)) throw new AppError(ErrorCode.ValidationFailed, uploadMessages.duplicate(type.label));
      seen.add(key);
      const kind = documentKindOf(file.buffer);
      if (!kind || !(type.kinds as readonly string[]).includes(kind)) {
        const message = uploadMessages.wrongKind(type.label, type.kinds);
        throw new AppError(ErrorCode.ValidationFailed, message, [{ path: key, message }]);
      }
      return {
        key,
        fileName: safeFileName(file.originalname),
        kind,
        sizeBytes: file.size,
        sha256: createHash('sha256').update(file.buffer).digest('hex'),
        content: file.buffer,
      };
    });
    if (!hasRequiredDocuments(documents.map((document) => document.key))) {
      throw new AppError(ErrorCode.ValidationFailed, tokenizationMessages.missingDocuments, [
        { path: 'documents', message: tokenizationMessages.missingDocuments },
      ]);
    }
    return documents;
  }

  private async queueRun(runId: string): Promise<void> {
    try {
      await this.queue.enqueue(runId);
    } catch (error) {
      // The run stays queued: the worker queues unfinished runs again when it starts.
      this.logger.error(`compliance run ${runId} not queued: ${(error as Error).message}`);
    }
  }
}
