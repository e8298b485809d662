import { startTelemetry } from '@app/platform';
startTelemetry('profile');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { profileConfigSchema } from './config';

void runService(AppModule, parseConfig(profileConfigSchema).PORT);
