import { cryptoMessages, ErrorCode } from '@app/contracts';
import { AppError } from '@app/platform';

export type LedgerOperation = 'escrowCreate' | 'escrowFinish' | 'escrowCancel' | 'payment' | 'read';

/** Spec 8's message for each operation. */
const messageOf: Record<LedgerOperation, string> = {
  escrowCreate: cryptoMessages.escrowCreateFailed.description,
  escrowFinish: cryptoMessages.escrowFinishFailed.description,
  escrowCancel: cryptoMessages.escrowCancelFailed.description,
  payment: cryptoMessages.sendFailed.description,
  read: 'The XRP Ledger server could not be reached. Please try again.',
};

/** What a ledger result code means, in words a user can act on (kept beside the code in details). */
const explanations: Record<string, string> = {
  tecNO_PERMISSION:
    'not allowed at this time (Release After not reached, or Auto Cancel After passed / not yet reached)',
  tecCRYPTOCONDITION_ERROR: 'the fulfillment does not match the escrow condition',
  tecNO_TARGET: 'no such escrow on the ledger',
  tecNO_DST: 'the destination account does not exist on the ledger',
  tecNO_DST_INSUF_XRP: 'the destination does not exist and the amount is below the reserve needed to create it',
  tecUNFUNDED: 'not enough XRP above the reserve',
  tecUNFUNDED_PAYMENT: 'not enough XRP above the reserve',
  tecDST_TAG_NEEDED: 'the destination requires a destination tag',
  temBAD_EXPIRATION: 'the release and cancel times are not valid',
  temMALFORMED: 'the transaction is malformed',
  temBAD_AMOUNT: 'the amount is not valid',
  temREDUNDANT: 'sender and destination are the same account',
  actNotFound: 'the sender account is not funded on the ledger',
};

/** The ledger refused a transaction: tec (claimed, fee taken), tem (malformed), tef/tel/ter, or actNotFound. */
export class LedgerRejection extends Error {
  constructor(
    readonly code: string,
    readonly hash: string | null = null,
  ) {
    super(`ledger result ${code}`);
    this.name = 'LedgerRejection';
  }
}

/** The ledger server could not be reached or did not answer in time. */
export class LedgerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerUnavailable';
  }
}

/** The API error for a failed ledger call: spec 8's message, the result code in details. */
export function ledgerError(operation: LedgerOperation, error: unknown): AppError {
  if (error instanceof LedgerRejection) {
    const explanation = explanations[error.code];
    const status = error.code.startsWith('tem') ? ErrorCode.ValidationFailed : ErrorCode.Conflict;
    return new AppError(status, messageOf[operation], [
      { path: 'ledger', message: explanation ? `${error.code}: ${explanation}` : error.code },
    ]);
  }
  if (error instanceof AppError) return error;
  return new AppError(ErrorCode.ServiceUnavailable, messageOf[operation]);
}
