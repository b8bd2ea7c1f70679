import { hash, verify } from '@node-rs/argon2';

// OWASP minimum for argon2id (design.md §2). Algorithm 2 = Argon2id.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the phone is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  return dummyHash;
};
