import { nextSigningKey } from './retired-key';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { AuthUser } from '@app/platform';
import { accessCookie, rawRequest, startApp, uniqueEmail } from '../../../test-support';
import { AppModule } from '../src/app.module';

// Asked directly (around the gateway), a service whose JWT_PUBLIC_KEYS no longer lists a retired
// signing key refuses the tokens that key signed, and accepts the new key's.

describe('profile: a retired signing key', () => {
  let app: INestApplication;
  let api: string;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await app?.close();
  });

  const user: AuthUser = { id: randomUUID(), email: uniqueEmail('retired-key'), emailVerified: true, role: 'user' };
  const profileWith = (cookie: string) => rawRequest(`${api}/api/user/profile`, 'GET', { headers: { cookie } });

  it("refuses a token of the removed key, however valid it was, and accepts the new key's", async () => {
    const retired = await profileWith(accessCookie(user));
    expect(retired.status).toBe(401);
    expect(retired.body).toEqual({ error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    expect((await profileWith(accessCookie(user, { key: nextSigningKey }))).status).toBe(200);
  });
});
