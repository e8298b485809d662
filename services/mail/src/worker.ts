import { startTelemetry } from '@app/platform';
startTelemetry('mail-worker');

import 'reflect-metadata';
import { runWorker } from '@app/platform';
import { WorkerModule } from './worker.module';

// No public port: METRICS_PORT serves /metrics and /health/* (probes, Prometheus).
void runWorker(WorkerModule);
