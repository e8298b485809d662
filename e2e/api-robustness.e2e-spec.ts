import type { APIRequestContext } from 'playwright-core';
import { apiRoutes, type RouteDescriptor } from '@app/contracts';
import { useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';
import { report } from './public/public-site';

/**
 * Standards: bad input gets a 4xx, never a 500. Every documented /api route is sent malformed
 * bodies, path parameters and query strings, signed in and signed out, and must answer below 500.
 */

// Every route the gateway exposes (packages/contracts, http/routes).
const routes = apiRoutes.filter(
  (route) =>
    route.access !== 'internal' &&
    // Signing out would end the session the other requests use; contact's hourly limit per
    // address is low even in the test stack, and contact.e2e-spec.ts needs it.
    route.path !== '/api/logout' &&
    route.path !== '/api/auth/logout' &&
    route.path !== '/api/contact',
);

const badPathParameters = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
  "1' OR '1'='1",
  '%E0%A4%A',
];
const badQuery =
  '?limit=abc&cursor=%%%&from=not-a-date&to=2024-13-45&type=zzz&status=%00&page=-1&period=zzz&days=1e309&plan=<x>&code=[]';
const badBodies: { name: string; data: string }[] = [
  { name: 'broken JSON', data: '{"email": ' },
  { name: 'JSON array', data: '[1,2,3]' },
  { name: 'JSON null', data: 'null' },
  { name: 'JSON string', data: '"text"' },
  { name: 'empty object', data: '{}' },
  {
    name: 'wrong types',
    data: JSON.stringify({
      email: 12,
      password: ['x'],
      amount: 'lots',
      currency: { code: 'NZD' },
      id: 7,
      isActive: 'yes',
      address: null,
      seed: 5,
      name: true,
      type: 99,
      status: {},
      planId: [],
      referralCode: false,
      message: 1e308,
    }),
  },
  {
    name: 'extreme values',
    data: JSON.stringify({
      email: `${'a'.repeat(5000)}@example.com`,
      amount: -1e308,
      cancelAfterSeconds: 1e20,
      finishAfterSeconds: -5,
      destination: 'r'.repeat(200),
      currency: 'XXXXXXXX',
      expectedReferrals: '9'.repeat(400),
    }),
  },
];

interface Failure {
  call: string;
  status: number;
  body: string;
}

function concretePaths(route: RouteDescriptor): string[] {
  if (!route.path.includes(':')) return [route.path, `${route.path}${badQuery}`];
  return badPathParameters.map((value) => route.path.replace(/:[a-zA-Z]+/g, value));
}

async function sweep(request: APIRequestContext): Promise<{ calls: number; failures: Failure[] }> {
  const failures: Failure[] = [];
  let calls = 0;
  const check = async (call: string, send: () => ReturnType<APIRequestContext['get']>) => {
    calls += 1;
    const response = await send();
    if (response.status() >= 500)
      failures.push({ call, status: response.status(), body: (await response.text()).slice(0, 200) });
  };
  for (const route of routes) {
    for (const path of concretePaths(route)) {
      if (route.method === 'GET') {
        await check(`GET ${path}`, () => request.get(path));
        continue;
      }
      for (const body of badBodies) {
        await check(`${route.method} ${path} (${body.name})`, () =>
          request.fetch(path, {
            method: route.method,
            data: body.data,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
      await check(`${route.method} ${path} (form body)`, () =>
        request.fetch(path, {
          method: route.method,
          data: 'a=1&b=2',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
    }
  }
  return { calls, failures };
}

function reportFailures(failures: Failure[]): void {
  for (const failure of failures) report(`  ${failure.status} ${failure.call}: ${failure.body}`);
}

describe('every /api route with bad input', () => {
  const { context } = useBrowser();

  it('answers signed-out callers below 500', async () => {
    const { calls, failures } = await sweep(context().request);
    report(`api robustness, signed out: ${calls} calls over ${routes.length} routes, ${failures.length} at 5xx`);
    reportFailures(failures);
    expect(failures).toEqual([]);
  });

  it('answers a signed-in, verified user below 500', async () => {
    await signInNewVerifiedUser(context(), 'robust');
    const { calls, failures } = await sweep(context().request);
    report(`api robustness, signed in: ${calls} calls over ${routes.length} routes, ${failures.length} at 5xx`);
    reportFailures(failures);
    expect(failures).toEqual([]);
  });
});
