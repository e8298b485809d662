import type { FormInstance } from 'antd';
import { ApiError } from '../../api/client';

/** Marks the fields the server rejected (its 400 details) under their inputs. */
export function showServerFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): void {
  if (!(error instanceof ApiError)) return;
  const rejected = error.details.filter((detail) => fields.includes(detail.path));
  form.setFields(rejected.map((detail) => ({ name: detail.path, errors: [detail.message] })));
}
