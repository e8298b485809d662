import { startTelemetry } from '@app/platform';
startTelemetry('crypto-escrow');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { cryptoConfigSchema } from './config';

void runService(AppModule, parseConfig(cryptoConfigSchema).PORT);
