import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  apiKeyMessages,
  apiKeySessionId,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyResolution,
  type ApiKeyView,
  type CreatedApiKey,
} from '@app/contracts';
import { parsePublicKeys, SessionRevocationList, verifyAccessToken } from '@app/platform';
import { accessCookie, bodyOf, query, startApp, userIdOf, validRegistration } from '../../../test-support';
import { TEST_PUBLIC_KEYS } from '../../../test-support/access-tokens';
import type * as AppModuleFile from '../src/app.module';

/** A rotated key's overlap, short enough to wait out. */
const OVERLAP_SECONDS = 3;
const keysPath = '/api/developer/api-keys';
const resolvePath = '/internal/api-keys/resolve';

interface Account {
  userId: string;
  email: string;
  cookie: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number; sid: string };

describe('identity: API keys (issued once, stored as hashes, rotated with an overlap, revoked at once)', () => {
  let app: INestApplication;
  let api: string;
  const publicKeys = parsePublicKeys(TEST_PUBLIC_KEYS);

  beforeAll(async () => {
    process.env.API_KEY_ROTATION_OVERLAP_SECONDS = String(OVERLAP_SECONDS);
    // The module reads its settings when loaded: after the overlap is in the environment.
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await app?.close();
  });

  /** A registered user whose e-mail is verified (in the table too, so resolved tokens say so). */
  async function newAccount(): Promise<Account> {
    const registration = validRegistration();
    const response = await fetch(`${api}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration),
    });
    expect(response.status).toBe(201);
    const userId = await userIdOf(registration.email);
    await query(`UPDATE identity.users SET email_verified = true WHERE id = $1`, [userId]);
    const email = registration.email.toLowerCase();
    return { userId, email, cookie: accessCookie({ id: userId, email, emailVerified: true, role: 'user' }) };
  }

  const call = (account: Account | { cookie: string }, method: string, path: string, body?: unknown) =>
    fetch(`${api}${path}`, {
      method,
      headers: { cookie: account.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const create = async (account: Account, body: unknown = { name: 'Server', mode: 'live', scopes: ['read'] }) => {
    const response = await call(account, 'POST', keysPath, body);
    expect(response.status).toBe(201);
    return bodyOf<CreatedApiKey>(response);
  };
  const list = async (account: Account) => {
    const response = await call(account, 'GET', keysPath);
    expect(response.status).toBe(200);
    return bodyOf<ApiKeyView[]>(response);
  };
  const resolve = (key: unknown) =>
    fetch(`${api}${resolvePath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
  const resolved = async (key: string) => {
    const response = await resolve(key);
    expect(response.status).toBe(200);
    return bodyOf<ApiKeyResolution>(response);
  };
  const expectRefused = async (key: string) => {
    const response = await resolve(key);
    expect(response.status).toBe(401);
    expect(await bodyOf(response)).toEqual({ error: 'UNAUTHENTICATED', message: apiKeyMessages.invalidKey });
  };
  const me = (token: string) => fetch(`${api}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

  describe('create and list', () => {
    it('shows the key once, at creation; the list shows only the mask, newest first', async () => {
      const account = await newAccount();
      const live = await create(account, { name: '  Order sync  ', mode: 'live', scopes: ['write', 'read'] });
      expect(live.secret).toMatch(/^mp_live_[A-Za-z0-9]{32}$/);
      expect(live).toEqual({
        id: expect.any(String),
        name: 'Order sync',
        mode: 'live',
        scopes: ['read', 'write'],
        maskedKey: `mp_live_••••••••••••${live.secret.slice(-4)}`,
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt: null,
        status: 'active',
        secret: live.secret,
      });
      const test = await create(account, { name: 'Staging', mode: 'test', scopes: ['read'] });
      expect(test.secret).toMatch(/^mp_test_[A-Za-z0-9]{32}$/);
      expect(test.maskedKey).toBe(`mp_test_••••••••••••${test.secret.slice(-4)}`);

      const listed = await list(account);
      expect(listed.map((key) => key.id)).toEqual([test.id, live.id]);
      const { secret: _live, ...liveView } = live;
      const { secret: _test, ...testView } = test;
      expect(listed).toEqual([testView, liveView]);
      const text = JSON.stringify(listed);
      expect(text).not.toContain(live.secret.slice('mp_live_'.length, -4));
      expect(text).not.toContain(test.secret.slice('mp_test_'.length, -4));
    });

    it('grants the webhooks scope only when asked for and beside write; a rotation keeps it, resolve answers it', async () => {
      const account = await newAccount();
      const plain = await create(account, { name: 'Order sync', mode: 'live', scopes: ['read', 'write'] });
      expect(plain.scopes).toEqual(['read', 'write']);
      expect((await resolved(plain.secret)).scopes).toEqual(['read', 'write']);

      const hooks = await create(account, { name: 'Hook manager', mode: 'live', scopes: ['webhooks', 'write'] });
      expect(hooks.scopes).toEqual(['write', 'webhooks']);
      expect((await resolved(hooks.secret)).scopes).toEqual(['write', 'webhooks']);
      const rotated = await call(account, 'POST', `${keysPath}/${hooks.id}/rotate`);
      expect(rotated.status).toBe(201);
      const replacement = await bodyOf<CreatedApiKey>(rotated);
      expect(replacement.scopes).toEqual(['write', 'webhooks']);
      expect((await resolved(replacement.secret)).scopes).toEqual(['write', 'webhooks']);
      // The table says the same, whoever writes it.
      await expect(
        query(`UPDATE identity.api_keys SET scopes = ARRAY['read', 'webhooks'] WHERE id = $1`, [plain.id]),
      ).rejects.toThrow(/api_keys_scopes_check/);
    });

    it('keeps only the SHA-256 and the mask parts in the database, never the key', async () => {
      const account = await newAccount();
      const key = await create(account);
      const rows = await query<{ row: string; key_hash: string; key_prefix: string; key_last4: string }>(
        `SELECT row_to_json(k)::text AS row, key_hash, key_prefix, key_last4 FROM identity.api_keys k WHERE user_id = $1`,
        [account.userId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        key_hash: sha256(key.secret),
        key_prefix: 'mp_live_',
        key_last4: key.secret.slice(-4),
      });
      // Not the key, nor any long piece of it.
      const body = key.secret.slice('mp_live_'.length);
      for (let start = 0; start + 8 <= body.length; start += 4) {
        expect(rows[0]!.row).not.toContain(body.slice(start, start + 8));
      }
    });
  });

  describe('resolve (the gateway, service to service)', () => {
    it("answers the owner as they are now, with a token of at most a minute whose session is the key's", async () => {
      const account = await newAccount();
      const key = await create(account, { name: 'Reports', mode: 'test', scopes: ['read'] });
      await query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [account.userId]);

      const before = Date.now();
      const resolution = await resolved(key.secret);
      expect(resolution).toEqual({
        keyId: key.id,
        userId: account.userId,
        mode: 'test',
        scopes: ['read'],
        token: expect.any(String),
        expiresAt: expect.any(String),
      });
      expect(await verifyAccessToken(resolution.token, publicKeys)).toEqual({
        id: account.userId,
        email: account.email,
        emailVerified: true,
        role: 'support',
        sessionId: apiKeySessionId(key.id),
      });
      const claims = claimsOf(resolution.token);
      expect(claims.exp - claims.iat).toBe(60);
      expect(new Date(claims.exp * 1000).toISOString()).toBe(resolution.expiresAt);
      expect(Date.parse(resolution.expiresAt)).toBeLessThanOrEqual(before + 61_000);

      // The token is a session's to the services (the `apikey:` session id is accepted) ...
      expect((await me(resolution.token)).status).toBe(200);
      // ... except for managing keys: a key cannot manage keys.
      const managed = await fetch(`${api}${keysPath}`, { headers: { authorization: `Bearer ${resolution.token}` } });
      expect(managed.status).toBe(403);
      expect(await bodyOf(managed)).toEqual({ error: 'FORBIDDEN', message: apiKeyMessages.notWithApiKey });
    });

    it('records the last use, at most once a minute per key', async () => {
      const account = await newAccount();
      const key = await create(account);
      const lastUsed = async () =>
        (
          await query<{ at: Date | null }>(`SELECT last_used_at AS at FROM identity.api_keys WHERE id = $1`, [key.id])
        )[0]!.at;
      expect(await lastUsed()).toBeNull();

      await resolved(key.secret);
      const first = await lastUsed();
      expect(first).toBeInstanceOf(Date);
      expect((await list(account))[0]!.lastUsedAt).toBe(first!.toISOString());

      await resolved(key.secret);
      expect(await lastUsed()).toEqual(first);

      // A minute later it is written again.
      await query(`UPDATE identity.api_keys SET last_used_at = now() - interval '61 seconds' WHERE id = $1`, [key.id]);
      await resolved(key.secret);
      expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
    });

    it('refuses an unknown key, something that is not a key, and a body without one', async () => {
      await expectRefused(`mp_live_${'A'.repeat(32)}`);
      await expectRefused('not-a-key');
      const noKey = await fetch(`${api}${resolvePath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(noKey.status).toBe(400);
    });
  });

  describe('revoke', () => {
    it('refuses the key at once, puts its session on the revocation list and kills its minted tokens', async () => {
      const account = await newAccount();
      const key = await create(account);
      const kept = await create(account, { name: 'Kept', mode: 'live', scopes: ['read'] });
      const { token } = await resolved(key.secret);
      expect((await me(token)).status).toBe(200);

      const revoked = await call(account, 'DELETE', `${keysPath}/${key.id}`);
      expect(revoked.status).toBe(204);
      expect(await revoked.text()).toBe('');

      await expectRefused(key.secret);
      await expect(app.get(SessionRevocationList).isRevoked(apiKeySessionId(key.id))).resolves.toBe(true);
      expect((await me(token)).status).toBe(401);
      expect((await list(account)).map((listed) => listed.id)).toEqual([kept.id]);
      await resolved(kept.secret);

      const again = await call(account, 'DELETE', `${keysPath}/${key.id}`);
      expect(again.status).toBe(404);
      expect(await bodyOf(again)).toEqual({ error: 'NOT_FOUND', message: apiKeyMessages.notFound });
    });
  });

  describe('rotate', () => {
    it('issues a replacement; both work during the overlap, then only the replacement', async () => {
      const account = await newAccount();
      const old = await create(account, { name: 'Billing job', mode: 'test', scopes: ['read', 'write'] });
      const rotatedAt = Date.now();
      const response = await call(account, 'POST', `${keysPath}/${old.id}/rotate`);
      expect(response.status).toBe(201);
      const replacement = await bodyOf<CreatedApiKey>(response);
      expect(replacement).toMatchObject({
        name: 'Billing job',
        mode: 'test',
        scopes: ['read', 'write'],
        status: 'active',
      });
      expect(replacement.secret).toMatch(/^mp_test_[A-Za-z0-9]{32}$/);
      expect(replacement.secret).not.toBe(old.secret);
      expect(replacement.id).not.toBe(old.id);

      const [listedNew, listedOld] = await list(account);
      expect(listedNew!.id).toBe(replacement.id);
      expect(listedOld).toMatchObject({ id: old.id, status: 'expiring' });
      const overlapEnd = Date.parse(listedOld!.expiresAt!);
      expect(overlapEnd - rotatedAt).toBeGreaterThan(OVERLAP_SECONDS * 1000 - 1000);
      expect(overlapEnd - rotatedAt).toBeLessThanOrEqual(OVERLAP_SECONDS * 1000 + 1000);

      // During the overlap: both keys work; the old key's token ends no later than the key.
      const oldResolution = await resolved(old.secret);
      expect(Date.parse(oldResolution.expiresAt)).toBeLessThanOrEqual(overlapEnd);
      await resolved(replacement.secret);

      const twice = await call(account, 'POST', `${keysPath}/${old.id}/rotate`);
      expect(twice.status).toBe(409);
      expect(await bodyOf(twice)).toEqual({ error: 'CONFLICT', message: apiKeyMessages.alreadyRotated });

      // After it: the old key is refused and no longer listed; the replacement works.
      await new Promise((done) => setTimeout(done, overlapEnd - Date.now() + 50));
      await expectRefused(old.secret);
      await resolved(replacement.secret);
      expect((await list(account)).map((key) => key.id)).toEqual([replacement.id]);
    });
  });

  describe('ownership, limits and bad input', () => {
    it("answers 404 for another user's key, as for one that does not exist", async () => {
      const owner = await newAccount();
      const other = await newAccount();
      const key = await create(owner);
      for (const [method, path] of [
        ['POST', `${keysPath}/${key.id}/rotate`],
        ['DELETE', `${keysPath}/${key.id}`],
        ['DELETE', `${keysPath}/00000000-0000-4000-8000-000000000000`],
        ['DELETE', `${keysPath}/not-a-uuid`],
        ['POST', `${keysPath}/not-a-uuid/rotate`],
      ] as const) {
        const response = await call(other, method, path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(await bodyOf(response)).toEqual({ error: 'NOT_FOUND', message: apiKeyMessages.notFound });
      }
      expect(await list(other)).toEqual([]);
      await resolved(key.secret);
      expect((await list(owner)).map((listed) => listed.id)).toEqual([key.id]);
    });

    it(`refuses an ${MAX_ACTIVE_API_KEYS + 1}th active key with 409; rotation still works, and revoking makes room`, async () => {
      const account = await newAccount();
      const keys: CreatedApiKey[] = [];
      for (let n = 0; n < MAX_ACTIVE_API_KEYS; n++) {
        keys.push(await create(account, { name: `Key ${n}`, mode: 'live', scopes: ['read'] }));
      }
      const over = await call(account, 'POST', keysPath, { name: 'One too many', mode: 'live', scopes: ['read'] });
      expect(over.status).toBe(409);
      expect(await bodyOf(over)).toEqual({ error: 'CONFLICT', message: apiKeyMessages.limitReached });

      expect((await call(account, 'POST', `${keysPath}/${keys[0]!.id}/rotate`)).status).toBe(201);
      expect((await call(account, 'DELETE', `${keysPath}/${keys[1]!.id}`)).status).toBe(204);
      await create(account, { name: 'Now there is room', mode: 'test', scopes: ['write'] });
      const count = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM identity.api_keys WHERE user_id = $1 AND revoked_at IS NULL AND expires_at IS NULL`,
        [account.userId],
      );
      expect(count[0]!.n).toBe(MAX_ACTIVE_API_KEYS);
    });

    it.each([
      [
        'an empty body',
        {},
        [
          { path: 'name', message: 'Key name is required' },
          { path: 'mode', message: 'Mode must be live or test' },
          { path: 'scopes', message: 'Choose at least one scope' },
        ],
      ],
      [
        'a blank name',
        { name: '   ', mode: 'live', scopes: ['read'] },
        [{ path: 'name', message: 'Key name is required' }],
      ],
      [
        'a name too long',
        { name: 'x'.repeat(101), mode: 'live', scopes: ['read'] },
        [{ path: 'name', message: 'Key name must be at most 100 characters' }],
      ],
      [
        'another mode',
        { name: 'A', mode: 'sandbox', scopes: ['read'] },
        [{ path: 'mode', message: 'Mode must be live or test' }],
      ],
      ['no scope', { name: 'A', mode: 'live', scopes: [] }, [{ path: 'scopes', message: 'Choose at least one scope' }]],
      [
        'an unknown scope',
        { name: 'A', mode: 'live', scopes: ['admin'] },
        [{ path: 'scopes.0', message: 'Each scope must be read, write or webhooks' }],
      ],
      [
        'the webhooks scope without write',
        { name: 'A', mode: 'live', scopes: ['read', 'webhooks'] },
        [{ path: 'scopes', message: 'The webhooks scope needs the write scope too' }],
      ],
      [
        'a field of its own',
        { name: 'A', mode: 'live', scopes: ['read'], secret: 'mine' },
        [{ path: 'secret', message: 'Unknown field(s): secret' }],
      ],
    ])('answers 400 with the field messages for %s, and creates nothing', async (_case, body, details) => {
      const account = await newAccount();
      const response = await call(account, 'POST', keysPath, body);
      expect(response.status).toBe(400);
      expect(await bodyOf(response)).toEqual({ error: 'VALIDATION_FAILED', message: details[0]!.message, details });
      expect(await list(account)).toEqual([]);
    });

    it('needs a signed-in user with a verified e-mail', async () => {
      expect((await fetch(`${api}${keysPath}`)).status).toBe(401);
      const account = await newAccount();
      const unverified = {
        cookie: accessCookie({ id: account.userId, email: account.email, emailVerified: false, role: 'user' }),
      };
      const response = await call(unverified, 'POST', keysPath, { name: 'A', mode: 'live', scopes: ['read'] });
      expect(response.status).toBe(403);
      expect((await bodyOf(response)).error).toBe('EMAIL_NOT_VERIFIED');
    });
  });
});
