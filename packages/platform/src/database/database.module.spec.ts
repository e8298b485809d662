import { migrationUrlOf, roleOf, runMigrations } from './database.module';

const admin = 'postgres://postgres@db:5432/platform';
const role = 'postgres://chat_support:secret@db:5432/platform';

describe('which connection migrates', () => {
  it("names each service's role after its schema", () => {
    expect(roleOf('chat_support')).toBe('chat_support');
  });

  it('DATABASE_ADMIN_URL when given', () => {
    expect(migrationUrlOf({ DATABASE_URL: role, DATABASE_ADMIN_URL: admin }, 'chat_support')).toBe(admin);
  });

  it('DATABASE_URL when it is not the service role (one admin URL for everything)', () => {
    expect(migrationUrlOf({ DATABASE_URL: admin }, 'chat_support')).toBe(admin);
  });

  it('none when DATABASE_URL is the service role: the migration step must run', () => {
    expect(migrationUrlOf({ DATABASE_URL: role }, 'chat_support')).toBeUndefined();
  });

  it('the migrate command refuses to run as the role, naming the missing variable', async () => {
    await expect(
      runMigrations({ DATABASE_URL: role }, { schema: 'chat_support', entities: [], migrations: [] }),
    ).rejects.toThrow('DATABASE_URL connects as the role chat_support, which cannot migrate: set DATABASE_ADMIN_URL');
  });
});
