import { startTelemetry } from '@app/platform';
startTelemetry('identity');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { identityConfigSchema } from './config';

void runService(AppModule, parseConfig(identityConfigSchema).PORT);
