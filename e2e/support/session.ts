import type { BrowserContext } from 'playwright-core';
import { linkIn, uniqueEmail, validRegistration, waitForMail } from '../../test-support';

/**
 * A registered, verified user signed in to `context`: registration and verification go through
 * the API (the accounts spec covers them in the browser); the context's request client shares
 * the browser's cookie jar, so its pages are signed in too.
 */
export async function signInNewVerifiedUser(context: BrowserContext, label = 'e2e'): Promise<string> {
  const registration = validRegistration(uniqueEmail(label));
  const registered = await context.request.post('/api/auth/register', { data: registration });
  if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);

  const mail = await waitForMail(registration.email, 'Verify your email');
  const verify = new URL(linkIn(mail, '/verify-email'));
  const verified = await context.request.get(`/api/auth/verify-email${verify.search}`);
  if (!verified.ok()) throw new Error(`verify: ${verified.status()} ${await verified.text()}`);

  const login = await context.request.post('/api/auth/login', {
    data: { email: registration.email, password: registration.password },
  });
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
  return registration.email;
}
