import { startTelemetry } from '@app/platform';
startTelemetry('affiliate');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { affiliateConfigSchema } from './config';

void runService(AppModule, parseConfig(affiliateConfigSchema).PORT);
