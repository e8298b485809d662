import { startTelemetry } from '@app/platform';
startTelemetry('billing');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { billingConfigSchema } from './config';

void runService(AppModule, parseConfig(billingConfigSchema).PORT);
