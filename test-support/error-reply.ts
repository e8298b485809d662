import { errorBodySchema } from '@app/contracts';
import type { RawReply } from './index';

export interface ExpectedError {
  /** An exact status, or any 4xx. */
  status: number | '4xx';
  error?: string;
  message?: string;
  details?: { path: string; message: string }[];
  /** Only the paths of the details, when their messages are not the point. */
  paths?: string[];
}

/** A refusal in the one error shape: the expected 4xx, JSON, no extra keys, nothing internal leaked. */
export function expectErrorReply(reply: RawReply, expected: ExpectedError): void {
  expect(reply.status).not.toBeGreaterThanOrEqual(500);
  if (expected.status === '4xx') {
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
  } else {
    expect({ status: reply.status, body: reply.body ?? reply.text }).toMatchObject({ status: expected.status });
  }
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  const body = reply.body as Record<string, unknown>;
  expect(errorBodySchema.safeParse(body).success).toBe(true);
  expect(Object.keys(body).filter((key) => !['error', 'message', 'details'].includes(key))).toEqual([]);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+|QueryFailedError|SyntaxError|stack/);
  if (expected.error) expect(body.error).toBe(expected.error);
  if (expected.message) expect(body.message).toBe(expected.message);
  if (expected.details) {
    expect(body.details).toEqual(expected.details);
    expect(body.message).toBe(expected.details[0]!.message);
  }
  if (expected.paths) {
    expect((body.details as { path: string }[]).map((detail) => detail.path)).toEqual(expected.paths);
  }
}
