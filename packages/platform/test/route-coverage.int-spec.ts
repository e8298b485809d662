import {
  Controller,
  Get,
  Injectable,
  Module,
  Post,
  RequestMethod,
  type INestApplication,
  type MiddlewareConsumer,
  type NestMiddleware,
  type NestModule,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { route, type RouteDescriptor } from '@app/contracts';
import { routeCoverage, servedRoutes } from '../../../test-support';

// The route-coverage check the services' routes.int-spec rely on, proven able to fail: a fixture
// app serving one described route and one nobody described, against descriptors with one route
// nobody serves.

@Controller('api/fixture/things')
class ThingsController {
  @Get(':id')
  get() {
    return { id: 'thing' };
  }

  /** Deliberately undescribed. */
  @Post(':id/archive')
  archive() {
    return { archived: true };
  }
}

/** Like the platform's: one pattern for every service, answering only its own name. */
@Controller('api/admin/:service/dead-letters')
class DeadLettersLikeController {
  @Get()
  list() {
    return { deadLetters: [] };
  }
}

@Controller('health')
class ProbeController {
  @Get('live')
  live() {
    return { status: 'ok' };
  }
}

/** Like nestjs-pino's request logging (the platform's LoggerModule): applied to every route, serving none. */
@Injectable()
class PassThroughMiddleware implements NestMiddleware {
  use(_request: unknown, _response: unknown, next: () => void): void {
    next();
  }
}

@Module({ controllers: [ThingsController, DeadLettersLikeController, ProbeController] })
class FixtureModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // nestjs-pino's own routes: Nest mounts them as a route of every method on `/{*path}`.
    consumer.apply(PassThroughMiddleware).forRoutes({ path: '*', method: RequestMethod.ALL });
  }
}

const common = { service: 'profile', summary: 'Fixture.', tag: 'Fixture', access: 'verified' } as const;
const described: RouteDescriptor[] = [
  // Parameter names need not agree with the controller's: only the position counts.
  route({ id: 'getThing', method: 'GET', path: '/api/fixture/things/:thingId', ...common }),
  route({ id: 'listDeadLetters', method: 'GET', path: '/api/admin/profile/dead-letters', ...common }),
  // Described, served by nobody.
  route({ id: 'deleteThing', method: 'DELETE', path: '/api/fixture/things/:id', ...common }),
  // Another service's routes are that service's business.
  route({ id: 'getOther', method: 'GET', path: '/api/other', ...common, service: 'billing' }),
];

describe('route coverage', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await NestFactory.create(FixtureModule, { logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('lists what the app serves, health probes and middleware left out', () => {
    expect(servedRoutes(app)).toEqual([
      'GET /api/admin/:service/dead-letters',
      'GET /api/fixture/things/:id',
      'POST /api/fixture/things/:id/archive',
    ]);
  });

  it('reports the undescribed route and the unserved descriptor, exactly those', () => {
    expect(routeCoverage(app, 'profile', described)).toEqual({
      undescribed: ['POST /api/fixture/things/:id/archive'],
      unserved: ['DELETE /api/fixture/things/:id'],
    });
  });

  it('reports nothing once descriptors and controllers agree', () => {
    const agreed = [
      ...described.filter((descriptor) => descriptor.id !== 'deleteThing'),
      route({ id: 'archiveThing', method: 'POST', path: '/api/fixture/things/:id/archive', ...common }),
    ];
    expect(routeCoverage(app, 'profile', agreed)).toEqual({ undescribed: [], unserved: [] });
  });

  it('does not let a served literal pass for a described parameter', () => {
    // `things` answers one value of `:kind` only: that does not serve the described route.
    const wider = [route({ id: 'getAnything', method: 'GET', path: '/api/fixture/:kind/:id', ...common })];
    expect(routeCoverage(app, 'profile', wider)).toEqual({
      undescribed: [
        'GET /api/admin/:service/dead-letters',
        'GET /api/fixture/things/:id',
        'POST /api/fixture/things/:id/archive',
      ],
      unserved: ['GET /api/fixture/:kind/:id'],
    });
  });
});
