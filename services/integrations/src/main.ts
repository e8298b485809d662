import { startTelemetry } from '@app/platform';
startTelemetry('integrations');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { integrationsConfigSchema } from './config';

void runService(AppModule, parseConfig(integrationsConfigSchema).PORT);
