// Container health check of the platform's Node images (the slim image has no curl or wget).
//   node /app/healthcheck.mjs          GET http://127.0.0.1:$PORT/health/live answers 2xx
//   node /app/healthcheck.mjs worker   this container holds an established TCP connection to Redis
//
// A worker has no HTTP server. What can be observed from outside without changing its code is
// whether it is still connected to the queue it works from: BullMQ keeps a blocking connection to
// Redis while it waits for jobs, and ioredis drops it when Redis is gone. The check reads the
// container's own sockets (/proc/net/tcp*) for an ESTABLISHED connection to the port of REDIS_URL.
// It says nothing about whether a job is stuck; the queue metrics say that.
import { readFileSync } from 'node:fs';

const mode = process.argv[2] ?? 'http';

async function http() {
  const port = Number(process.env.PORT ?? 0);
  if (!port) throw new Error('PORT is not set; use `healthcheck.mjs worker` for a process without HTTP');
  const response = await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) throw new Error(`/health/live answered ${response.status}`);
}

const ESTABLISHED = '01';

function worker() {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const port = Number(url.port || (url.protocol === 'rediss:' ? 6380 : 6379));
  const established = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => {
    let table = '';
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    return table
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length > 3 && fields[3] === ESTABLISHED)
      .filter((fields) => parseInt(fields[2].split(':')[1], 16) === port);
  });
  if (established.length === 0) throw new Error(`no established connection to Redis port ${port}`);
}

try {
  if (mode === 'worker') worker();
  else await http();
} catch (error) {
  console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
