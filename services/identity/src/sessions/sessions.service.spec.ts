import { ConfigError, generateSigningKey, type SessionRevocationList, type TransactionRunner } from '@app/platform';
import type { IdentityConfig } from '../config';
import type { RefreshTokensRepository } from './refresh-tokens.repository';
import { SessionsService } from './sessions.service';

const current = generateSigningKey('2026-07');
const previous = generateSigningKey('2026-01');

const start = (signingKey: string, publicKeys: string) =>
  new SessionsService(
    { PUBLIC_URL: 'http://localhost:8080', JWT_SIGNING_KEY: signingKey, JWT_PUBLIC_KEYS: publicKeys } as IdentityConfig,
    {} as RefreshTokensRepository,
    {} as TransactionRunner,
    {} as SessionRevocationList,
  );

describe('SessionsService: the signing key', () => {
  it('starts when its public half is listed, alone or beside the previous key', () => {
    expect(() => start(current.signingKey, current.publicKey)).not.toThrow();
    expect(() => start(current.signingKey, `${previous.publicKey},${current.publicKey}`)).not.toThrow();
  });

  it('refuses to start when the verifiers would not know it (a rotation switched before publishing)', () => {
    expect(() => start(current.signingKey, previous.publicKey)).toThrow(ConfigError);
    expect(() => start(current.signingKey, previous.publicKey)).toThrow(
      /JWT_SIGNING_KEY: the public key of kid 2026-07 is not in JWT_PUBLIC_KEYS/,
    );
  });

  it('refuses another key listed under its kid', () => {
    const impostor = generateSigningKey('2026-07');
    expect(() => start(current.signingKey, impostor.publicKey)).toThrow(ConfigError);
  });
});
