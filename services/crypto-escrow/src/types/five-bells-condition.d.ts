/** The part of five-bells-condition (no published types) this service uses: PREIMAGE-SHA-256. */
declare module 'five-bells-condition' {
  export class PreimageSha256 {
    setPreimage(preimage: Buffer): void;
    getConditionBinary(): Buffer;
    serializeBinary(): Buffer;
  }
  export const Fulfillment: {
    fromBinary(data: Buffer): { getConditionBinary(): Buffer; validate(message?: Buffer): boolean };
  };
  export function validateFulfillment(fulfillmentUri: string, conditionUri: string, message?: Buffer): boolean;
}
