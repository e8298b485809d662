import { startTelemetry } from '@app/platform';
startTelemetry('crypto-escrow-worker');

import 'reflect-metadata';
import { runWorker } from '@app/platform';
import { WorkerModule } from './worker.module';

void runWorker(WorkerModule);
