import { ErrorCode } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

const valueAt = (input: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );

/** One issue per field, keeping zod's (and so the spec's) message; absent fields say 'Required'. */
export function detailsOf(error: z.ZodError, input: unknown): { path: string; message: string }[] {
  return error.issues.map((issue) => {
    const path = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      return { path: issue.keys.join(','), message: `Unknown field(s): ${issue.keys.join(', ')}` };
    }
    const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    if (missing && issue.message.startsWith('Invalid input')) return { path, message: 'Required' };
    return { path, message: issue.message };
  });
}

const NUL = '\u0000';

/** A key path as a chain to its parent: pushing a child costs the same at any depth. */
interface PathLink {
  key: string;
  parent: PathLink | undefined;
}

const joinPath = (link: PathLink | undefined): string => {
  const keys: string[] = [];
  for (let at = link; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * Postgres text cannot hold NUL, so it is refused here as bad input rather than failing later.
 * Linear in the input's size at any depth (a body nested 40,000 deep must not take seconds).
 */
function nulPathOf(input: unknown): string | undefined {
  const pending: { value: unknown; path: PathLink | undefined }[] = [{ value: input, path: undefined }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return joinPath(path);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const link = { key, parent: path };
        if (key.includes(NUL)) return joinPath(link);
        pending.push({ value: child, path: link });
      }
    }
  }
  return undefined;
}

/** Parses input with a contracts schema or throws the 400 every service answers with. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const nulPath = nulPathOf(input);
  if (nulPath !== undefined) {
    const message = 'Text must not contain NUL characters';
    throw new AppError(ErrorCode.ValidationFailed, message, [{ path: nulPath, message }]);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = detailsOf(result.error, input);
  throw new AppError(ErrorCode.ValidationFailed, details[0]?.message ?? 'Invalid request', details);
}
