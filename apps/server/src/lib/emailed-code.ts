import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The six-digit codes emailed to prove an address (the web chat's verification, a pack's use on the
 * booking page): only their hash is stored, bound to what asked for it and to the address, so a
 * code is good for that request and that address alone, and compared in constant time.
 */
export const emailedCode = {
  create: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
  hash: (scope: string, email: string, code: string) =>
    createHash('sha256').update(`${scope}\u0000${email}\u0000${code}`).digest('hex'),
  matches(storedHash: string, givenHash: string) {
    return (
      storedHash.length === givenHash.length &&
      timingSafeEqual(Buffer.from(storedHash), Buffer.from(givenHash))
    );
  },
};
