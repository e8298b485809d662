import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  WHOLESALE_DECLARATION_VALID_MONTHS,
  wholesaleDeclarationRequestSchema,
  wholesaleMessages,
  type WholesaleDeclarationView,
} from '@app/contracts';
import { AppError, parseInput, TransactionRunner, type Transaction } from '@app/platform';
import { declarationView } from './investment-views';
import { InvestmentsRepository } from './investments.repository';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day a certificate signed on `signedOn` lapses (24 months on; the 31st of a short month: its last day). */
export function expiryOf(signedOn: string): string {
  const signed = new Date(`${signedOn}T00:00:00Z`);
  const expires = new Date(
    Date.UTC(signed.getUTCFullYear(), signed.getUTCMonth() + WHOLESALE_DECLARATION_VALID_MONTHS, 1),
  );
  const lastDay = new Date(Date.UTC(expires.getUTCFullYear(), expires.getUTCMonth() + 1, 0)).getUTCDate();
  expires.setUTCDate(Math.min(signed.getUTCDate(), lastDay));
  return isoDay(expires);
}

/**
 * Wholesale investor declarations (Financial Markets Conduct Act 2013, Schedule 1): the basis and
 * the certificate's confirmation, stored with an expiry; investing needs one that has not expired.
 */
@Injectable()
export class WholesaleService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly investments: InvestmentsRepository,
  ) {}

  async get(userId: string, now = new Date()): Promise<WholesaleDeclarationView> {
    const declaration = await this.investments.declarationOf(this.transactions.autocommit, userId);
    if (!declaration) throw new AppError(ErrorCode.NotFound, wholesaleMessages.required);
    return declarationView(declaration, isoDay(now));
  }

  async declare(userId: string, body: unknown, now = new Date()): Promise<WholesaleDeclarationView> {
    const request = parseInput(wholesaleDeclarationRequestSchema, body);
    const today = isoDay(now);
    if (request.signedOn > today) {
      throw new AppError(ErrorCode.ValidationFailed, wholesaleMessages.signedOn, [
        { path: 'signedOn', message: wholesaleMessages.signedOn },
      ]);
    }
    const expiresOn = expiryOf(request.signedOn);
    if (expiresOn < today)
      throw new AppError(ErrorCode.ValidationFailed, wholesaleMessages.expired, [
        { path: 'signedOn', message: wholesaleMessages.expired },
      ]);
    const declaration = {
      userId,
      basis: request.basis,
      certifierName: request.certifierName,
      certifierProfession: request.certifierProfession,
      signedOn: request.signedOn,
      expiresOn,
      declaredAt: now,
    };
    await this.investments.saveDeclaration(this.transactions.autocommit, declaration);
    return declarationView(declaration, today);
  }

  /** Refuses (403) unless the user holds a declaration that has not expired; reads in the caller's transaction. */
  async require(userId: string, manager: Transaction, now = new Date()): Promise<void> {
    const declaration = await this.investments.declarationOf(manager, userId);
    if (!declaration) throw new AppError(ErrorCode.Forbidden, wholesaleMessages.required);
    if (declaration.expiresOn < isoDay(now)) throw new AppError(ErrorCode.Forbidden, wholesaleMessages.expired);
  }
}
