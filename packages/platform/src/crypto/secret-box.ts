import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;

export class SecretBoxError extends Error {}

/**
 * Parses a key ring written as `kid:<base64 of 32 bytes>` entries separated by commas,
 * e.g. `k1:...,k0:...`. Throws naming the bad entry (never printing the key).
 */
export function parseKeyRing(spec: string): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const entry of spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    const key = Buffer.from(entry.slice(separator + 1), 'base64');
    if (separator < 1 || !keyIdPattern.test(id))
      throw new SecretBoxError(`key entry ${keys.size + 1} has no valid key id`);
    if (key.length !== KEY_BYTES) throw new SecretBoxError(`key ${id} must be ${KEY_BYTES} bytes of base64`);
    if (keys.has(id)) throw new SecretBoxError(`key id ${id} appears twice`);
    keys.set(id, key);
  }
  if (keys.size === 0) throw new SecretBoxError('no keys given');
  return keys;
}

/**
 * Authenticated encryption of small secrets at rest (AES-256-GCM). A sealed value is
 * `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url), so keys rotate: new values are sealed with
 * the current key, values sealed with any older key in the ring still open. The optional context
 * (e.g. the record id and field) is bound as associated data, so a value copied elsewhere will not open.
 */
export class SecretBox {
  private readonly keys: Map<string, Buffer>;

  constructor(
    keys: Map<string, Buffer> | string,
    private readonly currentKeyId: string,
  ) {
    this.keys = typeof keys === 'string' ? parseKeyRing(keys) : keys;
    if (!this.keys.has(currentKeyId)) throw new SecretBoxError(`current key id ${currentKeyId} is not in the key ring`);
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, this.currentKeyId, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  open(sealed: string, context = ''): string {
    const [format, keyId, iv, tag, ciphertext, ...rest] = sealed.split(':');
    if (format !== FORMAT || rest.length || ciphertext === undefined) throw new SecretBoxError('not a sealed value');
    const key = this.keys.get(keyId!);
    if (!key) throw new SecretBoxError(`sealed with unknown key id ${keyId}`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('sealed value failed authentication');
    }
  }

  /** The key id a sealed value was written with (to find values still under a retired key). */
  static keyIdOf(sealed: string): string | undefined {
    const [format, keyId] = sealed.split(':');
    return format === FORMAT ? keyId : undefined;
  }
}

/** A secret shown by its last 4 characters only: `••••abcd`. */
export const maskSecret = (value: string): string => `••••${value.slice(-4)}`;
