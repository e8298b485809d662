// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the untyped package's typings must reach every tsconfig compiling this file (service and tests)
/// <reference path="../types/five-bells-condition.d.ts" />
import { randomBytes } from 'node:crypto';
import { Fulfillment, PreimageSha256 } from 'five-bells-condition';

export interface ConditionPair {
  /** PREIMAGE-SHA-256 condition, DER, upper-case hex: what EscrowCreate's Condition holds. */
  condition: string;
  /** Its fulfillment, DER, upper-case hex: what EscrowFinish's Fulfillment must hold. */
  fulfillment: string;
}

/** A fresh crypto-condition from a 32-byte random preimage (or the one given). */
export function generateCondition(preimage: Buffer = randomBytes(32)): ConditionPair {
  const fulfillment = new PreimageSha256();
  fulfillment.setPreimage(preimage);
  return {
    condition: fulfillment.getConditionBinary().toString('hex').toUpperCase(),
    fulfillment: fulfillment.serializeBinary().toString('hex').toUpperCase(),
  };
}

/** The condition a fulfillment satisfies, or null when it is not a valid fulfillment. */
export function conditionOf(fulfillmentHex: string): string | null {
  try {
    return Fulfillment.fromBinary(Buffer.from(fulfillmentHex, 'hex'))
      .getConditionBinary()
      .toString('hex')
      .toUpperCase();
  } catch {
    return null;
  }
}
