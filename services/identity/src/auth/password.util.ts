import argon2 from 'argon2';

/** argon2id's cost: memory in KiB and passes over it. */
export interface PasswordHashCost {
  memoryKib: number;
  passes: number;
}

/** OWASP's argon2id (the library's defaults, 64 MiB and 3 passes): what production hashes with. */
export const standardCost: PasswordHashCost = { memoryKib: 65_536, passes: 3 };

const decoyPassword = 'decoy-password-for-timing-1A!';

/**
 * Hashes passwords with argon2id at `cost` (config: PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES)
 * and verifies them at the cost each stored hash names, so hashes made at another cost still verify.
 */
export class PasswordHasher {
  // Verified against when the e-mail is unknown, so a miss takes as long as a wrong password.
  private readonly decoyHash: Promise<string>;

  constructor(private readonly cost: PasswordHashCost = standardCost) {
    this.decoyHash = this.hash(decoyPassword);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.cost.memoryKib,
      timeCost: this.cost.passes,
    });
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      const matches = await argon2.verify(hash ?? (await this.decoyHash), password);
      return hash !== undefined && matches;
    } catch {
      return false;
    }
  }
}
