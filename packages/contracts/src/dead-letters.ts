import { z } from 'zod';

/**
 * Ops only (role admin): the dead letters of one service's event consumer, and their replay after a
 * fix. `/api/admin/{service}/dead-letters` on every service that consumes events.
 */
export const deadLetterPath = (service: string) => `/api/admin/${service}/dead-letters`;

export const deadLetterListQuerySchema = z.strictObject({
  /** open (the default): not replayed yet; all: replayed ones too. */
  status: z.enum(['open', 'all'], { error: 'Status must be open or all' }).optional().default('open'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 500')
    .max(500, 'Limit must be between 1 and 500')
    .optional()
    .default(100),
});
export type DeadLetterListQuery = z.input<typeof deadLetterListQuerySchema>;

export const deadLetterViewSchema = z.object({
  id: z.string(),
  consumer: z.string(),
  eventId: z.string().nullable(),
  type: z.string().nullable(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  key: z.string().nullable(),
  /** Why the last attempt failed. */
  error: z.string(),
  attempts: z.number().int(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  /** When a replay applied it (or found it applied already); null while open. */
  replayedAt: z.string().nullable(),
});
export type DeadLetterView = z.infer<typeof deadLetterViewSchema>;

export const deadLetterListSchema = z.object({ deadLetters: z.array(deadLetterViewSchema), open: z.number().int() });
export type DeadLetterList = z.infer<typeof deadLetterListSchema>;

/** applied: this replay applied it; already-applied: the inbox had it; failed: it failed again (still open). */
export const replayOutcomes = ['applied', 'already-applied', 'failed'] as const;
export const replayResultSchema = z.object({
  id: z.string(),
  outcome: z.enum(replayOutcomes),
  error: z.string().optional(),
});
export type ReplayResult = z.infer<typeof replayResultSchema>;

export const replayAllResultSchema = z.object({ results: z.array(replayResultSchema) });
export type ReplayAllResult = z.infer<typeof replayAllResultSchema>;
