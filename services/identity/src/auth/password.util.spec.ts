import argon2 from 'argon2';
import { PasswordHasher } from './password.util';

const decoyPassword = 'decoy-password-for-timing-1A!';

// argon2id with 64 MiB and 3 passes is slow on purpose; several per test on a busy 2-core machine
// can take longer than jest's default 5 s.
jest.setTimeout(60_000);

describe('password.util', () => {
  // Production's cost: the hasher's default.
  const passwords = new PasswordHasher();
  const hashPassword = (password: string) => passwords.hash(password);
  const verifyPassword = (stored: string | undefined, password: string) => passwords.verify(stored, password);
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword('Roast3d!Beans');
  });

  it('hashes with argon2id, 64 MiB and 3 passes, in the PHC string format', () => {
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain('Roast3d!Beans');
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Roast3d!Beans')).not.toBe(hash);
  });

  it('verifies the right password and refuses others', async () => {
    expect(await verifyPassword(hash, 'Roast3d!Beans')).toBe(true);
    expect(await verifyPassword(hash, 'roast3d!beans')).toBe(false);
    expect(await verifyPassword(hash, 'Roast3d!Beans ')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('refuses an unknown user (no hash), even with the decoy password', async () => {
    expect(await verifyPassword(undefined, decoyPassword)).toBe(false);
    expect(await verifyPassword(undefined, 'Roast3d!Beans')).toBe(false);
  });

  it('still runs argon2 for an unknown user, so a miss costs as much as a wrong password', async () => {
    const verify = jest.spyOn(argon2, 'verify');
    try {
      await verifyPassword(undefined, 'Roast3d!Beans');
      expect(verify).toHaveBeenCalledTimes(1);
      const [decoyHash, password] = verify.mock.calls[0]!;
      expect(decoyHash).toMatch(/^\$argon2id\$/);
      expect(password).toBe('Roast3d!Beans');
      // The decoy really is the hash of the decoy password: only the `hash !== undefined` check refuses it.
      expect(await argon2.verify(decoyHash, decoyPassword)).toBe(true);
    } finally {
      verify.mockRestore();
    }
  });

  it('returns false rather than throwing for a corrupt stored hash', async () => {
    await expect(verifyPassword('not-a-hash', 'Roast3d!Beans')).resolves.toBe(false);
    await expect(verifyPassword('', 'Roast3d!Beans')).resolves.toBe(false);
    await expect(verifyPassword(hash.slice(0, -10), 'Roast3d!Beans')).resolves.toBe(false);
  });

  it('hashes at a lower configured cost (the test stacks), and verifies hashes of either cost', async () => {
    const cheap = new PasswordHasher({ memoryKib: 1024, passes: 1 });
    const cheapHash = await cheap.hash('Roast3d!Beans');
    expect(cheapHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=\d+\$/);
    expect(await cheap.verify(hash, 'Roast3d!Beans')).toBe(true);
    expect(await verifyPassword(cheapHash, 'Roast3d!Beans')).toBe(true);
    expect(await cheap.verify(cheapHash, 'roast3d!beans')).toBe(false);
    expect(await cheap.verify(undefined, 'Roast3d!Beans')).toBe(false);
  });
});
