import { randomBytes } from 'node:crypto';
import type { ApiKeyMode } from '@app/contracts';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_BODY_LENGTH = 32;
/** The largest multiple of 62 a byte can hold: bytes from here up are skipped, so no character is likelier. */
const UNBIASED_BYTE_LIMIT = 248;

/** A new key: `mp_live_` or `mp_test_` and 32 random base62 characters (~190 bits). */
export function newApiKey(mode: ApiKeyMode): string {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of randomBytes(KEY_BODY_LENGTH * 2)) {
      if (byte < UNBIASED_BYTE_LIMIT && body.length < KEY_BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  return `${apiKeyPrefix(mode)}${body}`;
}

export const apiKeyPrefix = (mode: ApiKeyMode): string => `mp_${mode}_`;
