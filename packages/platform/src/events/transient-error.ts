/**
 * Whether an error says the world is briefly unavailable (the database, Redis or Kafka unreachable,
 * a lock or serialization conflict), so the same work may succeed unchanged in a moment. Anything
 * else (a constraint, a value too long, a validation error, a bug) fails the same way every time.
 */
export function isTransientError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, retriable, name, message } = current as {
      code?: unknown;
      retriable?: unknown;
      name?: unknown;
      message?: unknown;
    };
    if (retriable === true) return true;
    if (typeof code === 'string' && (transientCodes.has(code) || transientSqlStates.test(code))) return true;
    if (typeof name === 'string' && transientNames.has(name)) return true;
    if (typeof message === 'string' && transientMessages.test(message)) return true;
    current =
      (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Network errors of Node's sockets and DNS. */
const transientCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * Postgres SQLSTATEs: 08 connection exceptions, 53 insufficient resources, 57P0x shutdowns,
 * 40001 serialization failure, 40P01 deadlock, 55P03 lock not available, 57014 cancelled (a timeout).
 */
const transientSqlStates = /^(08...|53...|57P0.|40001|40P01|55P03|57014)$/;

/** kafkajs and ioredis errors whose name says the connection is the problem. */
const transientNames = new Set([
  'KafkaJSConnectionError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'MaxRetriesPerRequestError',
]);

/** What pg and ioredis say when the connection went away or never came. */
const transientMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down)|terminating connection/i;
