import { METHODS } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { apiRoutes, type RouteDescriptor } from '@app/contracts';
// Used when a spec runs, long after both modules loaded (index.ts re-exports this one).
import { startApp } from './index';

/** What a service's Nest app serves against what packages/contracts describes for it. */
export interface RouteCoverage {
  /** Served by the app, described nowhere (`METHOD /path`, sorted). */
  undescribed: string[];
  /** Described for the service, served by no route of the app (`METHOD /path`, sorted). */
  unserved: string[];
}

interface ServedRoute {
  method: string;
  path: string;
}

/** The slice of Express 5's router (the `router` package) the app's routes are read from. */
interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

/** The platform's probes on the public port are no part of the API. */
const ignored = /^\/(health|metrics)(\/|$)/;

/**
 * Nest mounts middleware applied to every route of every method (nestjs-pino's request logging,
 * `{ path: '*', method: ALL }`) as a route of every HTTP method on `/{*path}`: it passes requests
 * on and serves nothing itself (and a described path has no wildcards).
 */
const isMiddleware = (route: NonNullable<RouterLayer['route']>): boolean =>
  String(route.path).includes('*') && METHODS.every((method) => route.methods[method.toLowerCase()]);

const label = ({ method, path }: ServedRoute) => `${method} ${path}`;

/**
 * The routes a started (or initialised) Nest app really serves, from its Express router: what Nest
 * registered for every controller it loaded (health and metrics left out).
 */
function routesOf(app: INestApplication): ServedRoute[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: RouterLayer[] } };
  if (!express.router) {
    throw new Error('route coverage reads the Express 5 router (app.router): is this an Express app?');
  }
  return express.router.stack.flatMap(({ route }) => {
    if (!route || isMiddleware(route)) return [];
    const path = String(route.path);
    return Object.keys(route.methods)
      .filter((method) => route.methods[method])
      .map((method) => ({ method: method === '_all' ? 'ALL' : method.toUpperCase(), path }))
      .filter((served) => !ignored.test(served.path));
  });
}

/** `METHOD /path` of every route the app serves, `:name` segments as its controllers declare them. */
export const servedRoutes = (app: INestApplication): string[] => [...new Set(routesOf(app).map(label))].sort();

/**
 * Whether a served route answers a described one: same method, and segment by segment the same
 * literal or a served `:name`. A served parameter stands for any value, so the platform's
 * `/api/admin/:service/dead-letters` serves the service's own described `/api/admin/profile/dead-letters`;
 * a described parameter needs a served one (a literal would answer only one value).
 */
function serves(served: ServedRoute, described: ServedRoute): boolean {
  if (served.method !== described.method) return false;
  const have = served.path.split('/');
  const want = described.path.split('/');
  return (
    have.length === want.length &&
    have.every((segment, index) => segment.startsWith(':') || (!want[index].startsWith(':') && segment === want[index]))
  );
}

/**
 * Compares what the app serves with the routes described for `service` (its own, its dead-letter
 * routes if it consumes events, its internal ones: every descriptor naming it). Both lists empty:
 * the descriptors are exactly the app's HTTP surface.
 */
export function routeCoverage(
  app: INestApplication,
  service: string,
  routes: readonly RouteDescriptor[] = apiRoutes,
): RouteCoverage {
  const served = routesOf(app);
  const described = routes.filter((route) => route.service === service);
  return {
    undescribed: [...new Set(served.filter((route) => !described.some((d) => serves(route, d))).map(label))].sort(),
    unserved: [...new Set(described.filter((route) => !served.some((s) => serves(s, route))).map(label))].sort(),
  };
}

/**
 * A service's route-coverage spec: starts its AppModule and expects it to serve exactly the routes
 * described for it in packages/contracts (its dead-letter and internal routes included).
 */
export function expectServesItsDescribedRoutes(service: RouteDescriptor['service'], appModule: unknown): void {
  describe(`${service} routes`, () => {
    let app: INestApplication;

    beforeAll(async () => {
      ({ app } = await startApp(appModule));
    });

    afterAll(() => app?.close());

    it('serves exactly the described routes', () => {
      expect(routeCoverage(app, service)).toEqual({ undescribed: [], unserved: [] });
    });
  });
}
