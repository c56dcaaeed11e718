import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456, t=2, p=1): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown username takes as long as a wrong password. */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
