import { ErrorCode } from '@app/contracts';
import { AppError } from '@app/platform';

/** An opaque keyset cursor: the last row's time (microseconds, as Postgres holds it) and id, newest first. */
export interface Cursor {
  at: string;
  id: string;
}

/** SQL giving a row's cursor time at full precision. */
export const cursorTimeSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCursor = (cursor: Cursor): string => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const [at, id] = Buffer.from(value, 'base64url').toString().split('|');
  if (
    !id ||
    !/^[0-9a-f-]{36}$/i.test(id) ||
    !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at ?? '') ||
    Number.isNaN(Date.parse(at))
  ) {
    throw new AppError(ErrorCode.ValidationFailed, 'Cursor is not valid', [
      { path: 'cursor', message: 'Cursor is not valid' },
    ]);
  }
  return { at, id };
}
