import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, maskSecret, SecretBox } from '@app/platform';
import type { IntegrationsConfig } from '../config';

export type SealedField = 'apiKey' | 'apiSecret' | 'signingSecret';

/** A fresh per-integration signing secret: `whsec_` and 32 random bytes. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Seals and opens an integration's secrets. Each value is bound to its record and field, so a
 * ciphertext copied to another row or column does not open.
 */
@Injectable()
export class Credentials {
  private readonly box: SecretBox;

  constructor(@Inject(APP_CONFIG) config: IntegrationsConfig) {
    this.box = new SecretBox(config.INTEGRATIONS_ENCRYPTION_KEYS, config.INTEGRATIONS_ENCRYPTION_KEY_ID);
  }

  seal(integrationId: string, field: SealedField, plaintext: string): string {
    return this.box.seal(plaintext, `${integrationId}:${field}`);
  }

  open(integrationId: string, field: SealedField, sealed: string): string {
    return this.box.open(sealed, `${integrationId}:${field}`);
  }

  /** The last 4 characters of a sealed value, masked: `••••abcd`. */
  hint(integrationId: string, field: SealedField, sealed: string): string {
    return maskSecret(this.open(integrationId, field, sealed));
  }
}
