import { QueryFailedError } from 'typeorm';
import { isTransientError } from './transient-error';

const pgError = (code: string, message = 'pg') => Object.assign(new Error(message), { code });

describe('isTransientError', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect', new Error('timeout exceeded when trying to connect')],
    ['Postgres shutting down', pgError('57P01', 'terminating connection due to administrator command')],
    ['too many connections', pgError('53300')],
    ['a deadlock', pgError('40P01')],
    ['a serialization failure', pgError('40001')],
    ['a retriable Kafka error', Object.assign(new Error('leader not available'), { retriable: true })],
    ['Redis away', new Error('Connection is closed.')],
    ['a wrapped pg error', new QueryFailedError('SELECT 1', [], pgError('08006'))],
  ])('retries %s', (_what, error) => {
    expect(isTransientError(error)).toBe(true);
  });

  it.each([
    ['a value too long', pgError('22001', 'value too long for type character varying(255)')],
    ['a numeric overflow', pgError('22003', 'numeric field overflow')],
    ['a unique violation', pgError('23505')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a wrapped constraint error', new QueryFailedError('INSERT', [], pgError('23514'))],
    ['nothing at all', undefined],
  ])('gives up on %s', (_what, error) => {
    expect(isTransientError(error)).toBe(false);
  });
});
