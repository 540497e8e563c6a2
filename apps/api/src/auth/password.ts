import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '@brood/world';

/** argon2id with OWASP's minimum (19 MiB, 2 passes): ~40 ms a hash here. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable with isolatedModules) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function createPasswordHasher(): PasswordHasher {
  return {
    hash: (password) => hash(password, OPTIONS),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        return false; // a malformed stored hash never signs anyone in
      }
    },
  };
}
