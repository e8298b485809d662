import { startTelemetry } from '@app/platform';
startTelemetry('integrations-worker');

import 'reflect-metadata';
import { runWorker } from '@app/platform';
import { WorkerModule } from './worker.module';

void runWorker(WorkerModule);
