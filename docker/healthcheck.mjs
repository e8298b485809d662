// Container health check of the platform's Node images (the slim image has no curl or wget):
//   node /app/healthcheck.mjs   GET http://127.0.0.1:$METRICS_PORT/health/live answers 2xx
//
// Every process (each API, each worker and the gateway) serves /health/live on its internal port
// (METRICS_PORT, default 9464), never on the public one; a worker has no public port at all.
// Liveness touches no dependency: readiness (/health/ready on the same port) says whether the
// database, Redis and Kafka answer.
const port = Number(process.env.METRICS_PORT || 9464);

try {
  if (!port) throw new Error('METRICS_PORT is 0: this process serves no health check');
  const response = await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) throw new Error(`/health/live answered ${response.status}`);
} catch (error) {
  console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
