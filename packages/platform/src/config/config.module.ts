import { DynamicModule, Global, Module } from '@nestjs/common';
import type { z } from 'zod';
import { APP_CONFIG, parseConfig } from './config';

@Global()
@Module({})
export class ConfigModule {
  static forRoot<S extends z.ZodType>(schema: S, env?: NodeJS.ProcessEnv): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: parseConfig(schema, env) }],
      exports: [APP_CONFIG],
    };
  }
}
