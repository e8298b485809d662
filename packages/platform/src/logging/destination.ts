import pino from 'pino';

/** Bytes of log lines held before one write: a few request lines at a time. */
export const LOG_BATCH_BYTES = 4096;
/** The longest a line waits on a quiet process. */
export const LOG_FLUSH_MS = 200;
/** Lines at this level and above are written at once, with whatever is held before them. */
const AT_ONCE_LEVEL = pino.levels.values.warn!;

/** A destination for pino; `flushSync` writes what it holds. */
export interface LogDestination extends pino.DestinationStream {
  flushSync(): void;
  destroy(): void;
}

/**
 * A file descriptor or file written synchronously, as pino's default destination is, but info and
 * lower lines up to LOG_BATCH_BYTES at a time instead of one write per line; held lines are
 * written within LOG_FLUSH_MS, at once by a warning or worse (pino tells its destination each
 * line's level), and by `flushSync`.
 */
export function batchedDestination(dest: number | string): LogDestination {
  const out = pino.destination({ dest, sync: true, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  const destination = {
    [pino.symbols.needsMetadataGsym]: true as const,
    lastLevel: 0,
    write(line: string): void {
      out.write(line);
      if (destination.lastLevel >= AT_ONCE_LEVEL) out.flushSync();
    },
    flushSync: () => out.flushSync(),
    destroy: () => out.destroy(),
  };
  return destination;
}

let stdout: LogDestination | undefined;

/**
 * Where a process's log lines go (the services' pino-http and the gateway's Fastify logger):
 * standard output, a batch of lines a write. At info level a request writes one to three lines,
 * and a write per line cost more than building the lines (a third of the gateway's CPU under
 * ingestion load: docs/benchmarks.md). A quiet process's info lines go out within LOG_FLUSH_MS,
 * warnings, errors and fatal lines at once, and whatever is held when the process exits, normally
 * or on an uncaught exception, is written then. A process killed outright (SIGKILL, out of memory)
 * loses the info lines it held, at most LOG_BATCH_BYTES.
 */
export function logDestination(): LogDestination {
  if (!stdout) {
    const stream = batchedDestination(1);
    process.once('exit', () => stream.flushSync());
    stdout = stream;
  }
  return stdout;
}
