import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id settings (19 MiB, 2 passes, 1 lane): about 80 ms a hash on this machine.
const options = {
  // 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Checked when the account does not exist, so a wrong account costs as long as a wrong password.
let dummyHash: Promise<string> | null = null;

/** Verifies a password; with no stored hash it spends the same time and answers false. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
