import { createHmac, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { exportJWK, jwtVerify, SignJWT } from 'jose';
import jwt from 'jsonwebtoken';
import {
  generateSigningKey,
  parsePublicKeys,
  parseSigningKey,
  publicKeyEntry,
  SigningKeyError,
  verifiesWith,
} from './signing-keys';
import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  accessTokenOf,
  signAccessToken,
  verifyAccessToken,
  type AuthUser,
} from './tokens';

const current = generateSigningKey('k2');
const previous = generateSigningKey('k1');
const key = parseSigningKey(current.signingKey);
const previousKey = parseSigningKey(previous.signingKey);
/** What the gateway and services hold during a rotation: both public keys, no private one. */
const keys = parsePublicKeys(`${current.publicKey},${previous.publicKey}`);
/** The shared HS256 secret access tokens were signed with before (the local default). */
const oldSharedSecret = 'local-development-secret-change-me-0123456789';
const user: AuthUser = {
  id: '5b6f7e38-3c2a-4a4e-9f55-7c1c2b0b8d11',
  email: 'aroha@example.test',
  emailVerified: true,
  role: 'user',
};
const now = () => Math.floor(Date.now() / 1000);
const claimsOf = (extra: object = {}) => ({
  sub: user.id,
  email: user.email,
  ev: true,
  role: 'admin',
  iss: 'identity',
  iat: now(),
  exp: now() + 600,
  ...extra,
});
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header and claims, signed with an HMAC secret (or unsigned). */
const hmacToken = (header: object, claims: object, secret?: string | Buffer) => {
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${secret === undefined ? '' : createHmac('sha256', secret).update(input).digest('base64url')}`;
};
/** A token with any header and claims, signed with a real Ed25519 key (what identity would never issue). */
const edToken = (header: object, claims: object, signingKey = key) => {
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), signingKey.privateKey).toString('base64url')}`;
};

describe('signAccessToken / verifyAccessToken', () => {
  afterEach(() => jest.useRealTimers());

  it('round-trips the user', async () => {
    expect(await verifyAccessToken(await signAccessToken(user, key), keys)).toEqual(user);
    const unverified = { ...user, emailVerified: false, role: 'admin' };
    expect(await verifyAccessToken(await signAccessToken(unverified, key), keys)).toEqual(unverified);
  });

  it('signs EdDSA with the key id, issuer "identity", the compact claims and a 15-minute lifetime', async () => {
    const token = await signAccessToken(user, key);
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: 'k2' });
    expect(Buffer.from(decoded.signature, 'base64url')).toHaveLength(64);
    const claims = decoded.payload as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: user.id, email: user.email, ev: true, role: 'user', iss: 'identity' });
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it('carries the session id as `sid`, and refuses a session id that is not a uuid', async () => {
    const sessionId = '0f8c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
    const token = await signAccessToken({ ...user, sessionId }, key);
    expect((jwt.decode(token) as jwt.JwtPayload).sid).toBe(sessionId);
    expect(await verifyAccessToken(token, keys)).toEqual({ ...user, sessionId });
    const odd = edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ role: 'user', sid: 'x' }));
    expect(await verifyAccessToken(odd, keys)).toBeNull();
    // An API key's tokens: `apikey:<key id>`, and nothing else after the prefix.
    const keySession = { ...user, sessionId: `apikey:${sessionId}` };
    expect(await verifyAccessToken(await signAccessToken(keySession, key), keys)).toEqual(keySession);
    const oddKey = edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ role: 'user', sid: 'apikey:x' }));
    expect(await verifyAccessToken(oddKey, keys)).toBeNull();
  });

  it('gives the same token for the same user, session and issue instant (a refresh retried in its grace window)', async () => {
    const session = { ...user, sessionId: '0f8c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f' };
    const issuedAt = new Date(Math.floor(Date.now() / 1000 - 4) * 1000);
    const first = await signAccessToken(session, key, { issuedAt });
    expect(await signAccessToken(session, key, { issuedAt: new Date(issuedAt.getTime() + 1) })).toBe(first);
    const claims = jwt.decode(first) as jwt.JwtPayload;
    expect(claims.iat).toBe(Math.floor(issuedAt.getTime() / 1000));
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it('verifies the tokens of every listed key (a rotation), and only those', async () => {
    expect(await verifyAccessToken(await signAccessToken(user, previousKey), keys)).toEqual(user);
    const afterRotation = parsePublicKeys(current.publicKey);
    expect(await verifyAccessToken(await signAccessToken(user, previousKey), afterRotation)).toBeNull();
    expect(await verifyAccessToken(await signAccessToken(user, key), afterRotation)).toEqual(user);
  });

  it('refuses a token of an unknown kid, or without one', async () => {
    const stranger = parseSigningKey(generateSigningKey('k9').signingKey);
    expect(await verifyAccessToken(await signAccessToken(user, stranger), keys)).toBeNull();
    expect(await verifyAccessToken(edToken({ alg: 'EdDSA' }, claimsOf()), keys)).toBeNull();
    expect(await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 7 }, claimsOf()), keys)).toBeNull();
    expect(await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'toString' }, claimsOf()), keys)).toBeNull();
  });

  it('refuses a token signed with another key under a listed kid', async () => {
    const impostor = parseSigningKey(generateSigningKey('k2').signingKey);
    expect(await verifyAccessToken(await signAccessToken(user, impostor), keys)).toBeNull();
    // The previous key's signature under the current key's kid does not verify either.
    expect(await verifyAccessToken(await signAccessToken(user, { ...previousKey, kid: 'k2' }), keys)).toBeNull();
  });

  it('refuses HS256 tokens: signed with the old shared secret, or with a public key as the HMAC secret', async () => {
    const admin = claimsOf();
    expect(await verifyAccessToken(jwt.sign(admin, oldSharedSecret, { algorithm: 'HS256' }), keys)).toBeNull();
    expect(
      await verifyAccessToken(hmacToken({ alg: 'HS256', typ: 'JWT', kid: 'k2' }, admin, oldSharedSecret), keys),
    ).toBeNull();
    const publicDer = createPublicKey(key.privateKey).export({ format: 'der', type: 'spki' });
    const publicPem = createPublicKey(key.privateKey).export({ format: 'pem', type: 'spki' });
    for (const secret of [publicDer, publicPem, current.publicKey, current.publicKey.split(':')[1]!]) {
      expect(await verifyAccessToken(hmacToken({ alg: 'HS256', kid: 'k2' }, admin, secret), keys)).toBeNull();
    }
  });

  it('refuses an unsigned (alg "none") token, with or without a listed kid', async () => {
    const unsigned = jwt.sign(claimsOf(), '', { algorithm: 'none' });
    expect(await verifyAccessToken(unsigned, keys)).toBeNull();
    expect(await verifyAccessToken(hmacToken({ alg: 'none', kid: 'k2' }, claimsOf()), keys)).toBeNull();
    // alg none with a real signature still attached.
    const [, claims, signature] = edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf()).split('.');
    expect(await verifyAccessToken(`${part({ alg: 'none', kid: 'k2' })}.${claims}.${signature}`, keys)).toBeNull();
  });

  it('refuses another algorithm name or a critical header extension even with a valid signature', async () => {
    for (const alg of ['Ed25519', 'eddsa', 'ES256', 'RS256']) {
      expect(await verifyAccessToken(edToken({ alg, kid: 'k2' }, claimsOf()), keys)).toBeNull();
    }
    expect(await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2', crit: ['exp'] }, claimsOf()), keys)).toBeNull();
    expect(await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf()), keys)).not.toBeNull();
  });

  it('refuses alg confusion: a valid ES256 or RS256 signature, or HS256 keyed with the public key, under a listed kid', async () => {
    const admin = claimsOf();
    // An attacker's own key pairs sign perfectly valid tokens of other algorithms.
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    for (const [alg, privateKey] of [
      ['ES256', ec],
      ['RS256', rsa],
      ['PS256', rsa],
    ] as const) {
      const forged = await new SignJWT(admin).setProtectedHeader({ alg, typ: 'JWT', kid: 'k2' }).sign(privateKey);
      expect(await verifyAccessToken(forged, keys)).toBeNull();
    }
    // HS256/HS512 keyed with every spelling of the listed public key an attacker can read.
    const publicKey = createPublicKey(key.privateKey);
    const jwk = await exportJWK(publicKey);
    const spellings = [
      JSON.stringify(jwk),
      jwk.x!,
      Buffer.from(jwk.x!, 'base64url'),
      publicKey.export({ format: 'der', type: 'spki' }),
      publicKey.export({ format: 'pem', type: 'spki' }) as string,
    ];
    for (const secret of spellings) {
      for (const alg of ['HS256', 'HS512']) {
        const bytes = typeof secret === 'string' ? new TextEncoder().encode(secret) : new Uint8Array(secret);
        const forged = await new SignJWT(admin).setProtectedHeader({ alg, typ: 'JWT', kid: 'k2' }).sign(bytes);
        expect(await verifyAccessToken(forged, keys)).toBeNull();
      }
    }
  });

  it('refuses a token signed with a key it carries itself (jwk, jku, x5u headers), even under a listed kid', async () => {
    const attacker = generateKeyPairSync('ed25519');
    const attackerJwk = await exportJWK(attacker.publicKey);
    for (const extra of [
      { jwk: attackerJwk },
      { jku: 'https://attacker.example/jwks.json' },
      { x5u: 'https://attacker.example/cert.pem' },
    ]) {
      const forged = await new SignJWT(claimsOf())
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: 'k2', ...extra })
        .sign(attacker.privateKey);
      expect(await verifyAccessToken(forged, keys)).toBeNull();
    }
  });

  it('issues exactly the tokens signed before jose (same header, claims and Ed25519 bytes): existing sessions stay valid', async () => {
    const session = { ...user, sessionId: '0f8c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f' };
    const issuedAt = new Date('2026-11-30T12:00:00Z');
    const iat = Math.floor(issuedAt.getTime() / 1000);
    // What the node:crypto signer wrote: header alg, typ, kid; claims in this order, `sid` last.
    const before = edToken(
      { alg: 'EdDSA', typ: 'JWT', kid: 'k2' },
      {
        sub: user.id,
        email: user.email,
        ev: true,
        role: 'user',
        iat,
        exp: iat + 900,
        iss: 'identity',
        sid: session.sessionId,
      },
    );
    expect(await signAccessToken(session, key, { issuedAt })).toBe(before);
    // And any RFC 8037 verifier takes it with the public key alone.
    const { payload, protectedHeader } = await jwtVerify(before, createPublicKey(key.privateKey), {
      algorithms: ['EdDSA'],
      currentDate: issuedAt,
    });
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: 'k2' });
    expect(payload.sid).toBe(session.sessionId);
  });

  it('refuses another issuer, a token without an expiry, or one not valid yet', async () => {
    expect(
      await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ iss: 'gateway' })), keys),
    ).toBeNull();
    expect(
      await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ iss: undefined })), keys),
    ).toBeNull();
    expect(
      await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ exp: undefined })), keys),
    ).toBeNull();
    expect(
      await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ exp: '9999999999' })), keys),
    ).toBeNull();
    expect(
      await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ nbf: now() + 60 })), keys),
    ).toBeNull();
  });

  it('refuses an expired token, and accepts it until then', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const token = await signAccessToken(user, key, 60);
    jest.setSystemTime(new Date('2030-01-01T00:00:59Z'));
    expect(await verifyAccessToken(token, keys)).toEqual(user);
    jest.setSystemTime(new Date('2030-01-01T00:01:01Z'));
    expect(await verifyAccessToken(token, keys)).toBeNull();
  });

  it('refuses a tampered payload (e.g. flipping ev to true)', async () => {
    const token = await signAccessToken({ ...user, emailVerified: false }, key);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, ev: true })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forged}.${signature}`, keys)).toBeNull();
  });

  it('refuses a tampered header (another listed kid)', async () => {
    const [, payload, signature] = (await signAccessToken(user, key)).split('.');
    expect(
      await verifyAccessToken(`${part({ alg: 'EdDSA', typ: 'JWT', kid: 'k1' })}.${payload}.${signature}`, keys),
    ).toBeNull();
  });

  it('refuses a tampered signature, and a second spelling of the same one', async () => {
    const token = await signAccessToken(user, key);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await verifyAccessToken(`${token.slice(0, -2)}${last}${token.at(-1)}`, keys)).toBeNull();
    // 64 bytes leave 4 unused bits in the last character: flipping them keeps the bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const final = alphabet.indexOf(token.at(-1)!);
    const respelled = `${token.slice(0, -1)}${alphabet[final ^ 1]}`;
    expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(Buffer.from(token.split('.')[2]!, 'base64url'));
    expect(await verifyAccessToken(respelled, keys)).toBeNull();
    expect(await verifyAccessToken(`${token.slice(0, token.lastIndexOf('.'))}.`, keys)).toBeNull();
  });

  it('refuses a signed token without a subject, or with one that is not a uuid', async () => {
    expect(
      await verifyAccessToken(edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ sub: undefined })), keys),
    ).toBeNull();
    expect(await verifyAccessToken(await signAccessToken({ ...user, id: 'not-a-uuid' }, key), keys)).toBeNull();
  });

  it('treats anything but ev === true as unverified', async () => {
    const token = edToken({ alg: 'EdDSA', kid: 'k2' }, claimsOf({ ev: 'true', role: 'user' }));
    expect((await verifyAccessToken(token, keys))?.emailVerified).toBe(false);
  });

  it.each([
    undefined,
    '',
    'garbage',
    'a.b.c',
    'a.b.c.d',
    '..',
    'x'.repeat(10_000),
    `${part({ alg: 'EdDSA', kid: 'k2' })}.${part([1])}.AAAA`,
    `${part({ alg: 'EdDSA', kid: 'k2' })}.e30=.AAAA`,
  ])('returns null for %j', async (token) => {
    expect(await verifyAccessToken(token, keys)).toBeNull();
  });
});

describe('signing keys', () => {
  it('pairs a signing key with its public entry, which verifies its tokens', () => {
    const pair = generateSigningKey('2026-01');
    const signing = parseSigningKey(pair.signingKey);
    expect(signing.kid).toBe('2026-01');
    expect(publicKeyEntry(signing)).toBe(pair.publicKey);
    expect(pair.publicKey).toMatch(/^2026-01:[A-Za-z0-9_-]{43}$/);
    expect(verifiesWith(parsePublicKeys(pair.publicKey), signing)).toBe(true);
    expect(verifiesWith(keys, signing)).toBe(false);
    expect(verifiesWith(parsePublicKeys(`2026-01:${current.publicKey.split(':')[1]}`), signing)).toBe(false);
  });

  it.each([
    ['', /no keys/],
    ['k1', /no valid key id/],
    ['k1:c2hvcnQ', /32 bytes/],
    [`k 1:${'A'.repeat(43)}`, /no valid key id/],
  ])('refuses the public keys %j without printing them', async (spec, message) => {
    expect(() => parsePublicKeys(spec)).toThrow(SigningKeyError);
    expect(() => parsePublicKeys(spec)).toThrow(message);
  });

  it('refuses a repeated kid among the public keys', () => {
    expect(() => parsePublicKeys(`${current.publicKey},${current.publicKey}`)).toThrow(/appears twice/);
  });

  it('takes exactly one signing key', () => {
    expect(() => parseSigningKey(`${current.signingKey},${previous.signingKey}`)).toThrow(/exactly one/);
    expect(() => parseSigningKey('k1:c2hvcnQ')).toThrow(SigningKeyError);
  });
});

describe('accessTokenOf', () => {
  it('prefers the session cookie over a Bearer header', () => {
    expect(accessTokenOf({ [ACCESS_COOKIE]: 'from-cookie' }, 'Bearer from-header')).toBe('from-cookie');
  });

  it('falls back to a Bearer header (any case) when there is no cookie or it is empty', () => {
    expect(accessTokenOf(undefined, 'Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(accessTokenOf({}, 'bearer abc')).toBe('abc');
    expect(accessTokenOf({ [ACCESS_COOKIE]: '' }, 'BEARER abc')).toBe('abc');
    expect(accessTokenOf({ other: 'x' }, 'Bearer   abc')).toBe('abc');
  });

  it.each([undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'Bearer a b', 'Token abc', 'xBearer abc'])(
    'finds no token in the header %j',
    async (authorization) => {
      expect(accessTokenOf({}, authorization)).toBeUndefined();
    },
  );

  it('reads only the access cookie, never the refresh cookie', () => {
    expect(accessTokenOf({ refresh_token: 'refresh' })).toBeUndefined();
  });
});
