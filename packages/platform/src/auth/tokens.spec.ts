import jwt from 'jsonwebtoken';
import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  accessTokenOf,
  signAccessToken,
  verifyAccessToken,
  type AuthUser,
} from './tokens';

const secret = 'unit-test-secret-0123456789-0123456789';
const otherSecret = 'another-secret-0123456789-0123456789-xx';
const user: AuthUser = {
  id: '5b6f7e38-3c2a-4a4e-9f55-7c1c2b0b8d11',
  email: 'aroha@example.test',
  emailVerified: true,
  role: 'user',
};

describe('signAccessToken / verifyAccessToken', () => {
  afterEach(() => jest.useRealTimers());

  it('round-trips the user', () => {
    expect(verifyAccessToken(signAccessToken(user, secret), secret)).toEqual(user);
    const unverified = { ...user, emailVerified: false, role: 'admin' };
    expect(verifyAccessToken(signAccessToken(unverified, secret), secret)).toEqual(unverified);
  });

  it('signs HS256 with issuer "identity", the compact claims and a 15-minute lifetime', () => {
    const token = signAccessToken(user, secret);
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header.alg).toBe('HS256');
    const claims = decoded.payload as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: user.id, email: user.email, ev: true, role: 'user', iss: 'identity' });
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it('carries the session id as `sid`, and refuses a session id that is not a uuid', () => {
    const sessionId = '0f8c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
    const token = signAccessToken({ ...user, sessionId }, secret);
    expect((jwt.decode(token) as jwt.JwtPayload).sid).toBe(sessionId);
    expect(verifyAccessToken(token, secret)).toEqual({ ...user, sessionId });
    const odd = jwt.sign({ sub: user.id, email: user.email, ev: true, role: 'user', sid: 'x' }, secret, {
      issuer: 'identity',
    });
    expect(verifyAccessToken(odd, secret)).toBeNull();
  });

  it('gives the same token for the same user, session and issue instant (a refresh retried in its grace window)', () => {
    const session = { ...user, sessionId: '0f8c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f' };
    const issuedAt = new Date(Math.floor(Date.now() / 1000 - 4) * 1000);
    const first = signAccessToken(session, secret, { issuedAt });
    expect(signAccessToken(session, secret, { issuedAt: new Date(issuedAt.getTime() + 1) })).toBe(first);
    const claims = jwt.decode(first) as jwt.JwtPayload;
    expect(claims.iat).toBe(Math.floor(issuedAt.getTime() / 1000));
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyAccessToken(signAccessToken(user, otherSecret), secret)).toBeNull();
  });

  it('refuses an expired token, and accepts it until then', () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const token = signAccessToken(user, secret, 60);
    jest.setSystemTime(new Date('2030-01-01T00:00:59Z'));
    expect(verifyAccessToken(token, secret)).toEqual(user);
    jest.setSystemTime(new Date('2030-01-01T00:01:01Z'));
    expect(verifyAccessToken(token, secret)).toBeNull();
  });

  it('refuses a tampered payload (e.g. flipping ev to true)', () => {
    const token = signAccessToken({ ...user, emailVerified: false }, secret);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, ev: true })).toString('base64url');
    expect(verifyAccessToken(`${header}.${forged}.${signature}`, secret)).toBeNull();
  });

  it('refuses a tampered signature', () => {
    const token = signAccessToken(user, secret);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(verifyAccessToken(`${token.slice(0, -2)}${last}${token.at(-1)}`, secret)).toBeNull();
  });

  it('refuses an unsigned (alg "none") token', () => {
    const unsigned = jwt.sign({ sub: user.id, email: user.email, ev: true, role: 'admin', iss: 'identity' }, '', {
      algorithm: 'none',
    });
    expect(verifyAccessToken(unsigned, secret)).toBeNull();
  });

  it('refuses another algorithm or issuer even with the right secret', () => {
    const claims = { sub: user.id, email: user.email, ev: true, role: 'user' };
    expect(verifyAccessToken(jwt.sign(claims, secret, { algorithm: 'HS512', issuer: 'identity' }), secret)).toBeNull();
    expect(
      verifyAccessToken(jwt.sign(claims, secret, { algorithm: 'HS256', issuer: 'someone-else' }), secret),
    ).toBeNull();
    expect(verifyAccessToken(jwt.sign(claims, secret, { algorithm: 'HS256' }), secret)).toBeNull();
  });

  it('refuses a signed token without a subject', () => {
    expect(
      verifyAccessToken(jwt.sign({ email: user.email, ev: true }, secret, { issuer: 'identity' }), secret),
    ).toBeNull();
  });

  it('treats anything but ev === true as unverified', () => {
    const token = jwt.sign({ sub: user.id, email: user.email, ev: 'true', role: 'user' }, secret, {
      issuer: 'identity',
    });
    expect(verifyAccessToken(token, secret)?.emailVerified).toBe(false);
  });

  it.each([undefined, '', 'garbage', 'a.b.c', 'x'.repeat(10_000)])('returns null for %j', (token) => {
    expect(verifyAccessToken(token, secret)).toBeNull();
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
    (authorization) => {
      expect(accessTokenOf({}, authorization)).toBeUndefined();
    },
  );

  it('reads only the access cookie, never the refresh cookie', () => {
    expect(accessTokenOf({ refresh_token: 'refresh' })).toBeUndefined();
  });
});
