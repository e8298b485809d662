import type { DataSource } from 'typeorm';

/** The schema a service's DataSource (or a migration's connection) is pinned to. */
export function schemaOf(dataSource: DataSource): string {
  return (dataSource.options as { schema?: string }).schema ?? 'public';
}
