import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, maskSecret, SecretBox } from '@app/platform';
import type { IntegrationsConfig } from '../config';

export type SealedField = 'apiKey' | 'apiSecret' | 'signingSecret';

/** A fresh per-integration signing secret: `whsec_` and 32 random bytes. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** Signing secrets opened lately, kept at most this long and this many. */
const OPENED_TTL_MS = 60_000;
const OPENED_MAX = 1_000;

/**
 * Seals and opens an integration's secrets. Each value is bound to its record and field, so a
 * ciphertext copied to another row or column does not open.
 */
@Injectable()
export class Credentials {
  private readonly box: SecretBox;
  /**
   * Signing secrets opened in the last minute, by integration and sealed value: each delivery
   * needs its integration's, and opening one (AES-GCM) costs more than the HMAC it is used for.
   * Keyed by the sealed value read with the delivery, so a rotated secret (a new sealed value) is
   * opened at once, and a value copied to another integration is opened (and refused) as ever.
   */
  private readonly openedSigningSecrets = new Map<string, { secret: string; until: number }>();

  constructor(@Inject(APP_CONFIG) config: IntegrationsConfig) {
    this.box = new SecretBox(config.INTEGRATIONS_ENCRYPTION_KEYS, config.INTEGRATIONS_ENCRYPTION_KEY_ID);
  }

  seal(integrationId: string, field: SealedField, plaintext: string): string {
    return this.box.seal(plaintext, `${integrationId}:${field}`);
  }

  open(integrationId: string, field: SealedField, sealed: string): string {
    return this.box.open(sealed, `${integrationId}:${field}`);
  }

  /** `open` of a signing secret, from the last minute's if this sealed value was opened then. */
  openSigningSecret(integrationId: string, sealed: string): string {
    const key = `${integrationId}:${sealed}`;
    const now = Date.now();
    const cached = this.openedSigningSecrets.get(key);
    if (cached && cached.until > now) return cached.secret;
    const secret = this.open(integrationId, 'signingSecret', sealed);
    this.openedSigningSecrets.delete(key);
    // The oldest entry makes room (a Map iterates in insertion order).
    if (this.openedSigningSecrets.size >= OPENED_MAX) {
      this.openedSigningSecrets.delete(this.openedSigningSecrets.keys().next().value!);
    }
    this.openedSigningSecrets.set(key, { secret, until: now + OPENED_TTL_MS });
    return secret;
  }

  /** The last 4 characters of a sealed value, masked: `••••abcd`. */
  hint(integrationId: string, field: SealedField, sealed: string): string {
    return maskSecret(this.open(integrationId, field, sealed));
  }
}
