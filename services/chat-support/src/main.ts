import { startTelemetry } from '@app/platform';
startTelemetry('chat-support');

import 'reflect-metadata';
import { parseConfig, runService } from '@app/platform';
import { AppModule } from './app.module';
import { chatSupportConfigSchema } from './config';

void runService(AppModule, parseConfig(chatSupportConfigSchema).PORT);
