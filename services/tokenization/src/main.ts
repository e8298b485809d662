import { startTelemetry } from '@app/platform';
startTelemetry('tokenization');

import 'reflect-metadata';
import { runService } from '@app/platform';
import { AppModule } from './app.module';

// PORT (the API) and METRICS_PORT (/metrics, /health/*) from the service's config.
void runService(AppModule);
