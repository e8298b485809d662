import { startTelemetry } from '@app/platform';
startTelemetry('analytics');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { analyticsConfigSchema } from './config';

void runService(AppModule, parseConfig(analyticsConfigSchema).PORT);
