import { createHmac, timingSafeEqual } from 'node:crypto';

/** The cookie that tells the sign-in a browser has signed in to an account before. */
export const KNOWN_DEVICE_COOKIE = 'chatdesk_device';
export const KNOWN_DEVICE_DAYS = 180;
/** A shared reception computer remembers this many accounts; the oldest drops out. */
const MAX_ACCOUNTS = 5;

type Account = { id: string; passwordHash: string };

/**
 * Known-device proofs (docs/operations.md, Security notes). A proof is `<employee id>.<issued at,
 * seconds>.<HMAC>`, signed over the employee's current password hash too, so changing the password
 * retires every proof of the old one. Only a right password earns one, so a guesser never holds one.
 */
export function createKnownDevices(secret: string) {
  const key = createHmac('sha256', secret).update('chatdesk known device').digest();
  const lifetimeSeconds = KNOWN_DEVICE_DAYS * 86_400;

  const sign = (account: Account, issuedAt: number) =>
    createHmac('sha256', key).update(`${account.id}\n${issuedAt}\n${account.passwordHash}`).digest();

  const proofs = (cookie: string | undefined) => (cookie ? cookie.split('~').slice(0, MAX_ACCOUNTS) : []);

  return {
    /** Whether the cookie holds a live proof for this account and the password it has now. */
    recognises(cookie: string | undefined, account: Account, now: Date): boolean {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      return proofs(cookie).some((proof) => {
        const [id, issued, mac] = proof.split('.');
        if (id !== account.id || !issued || !mac || !/^\d+$/.test(issued)) return false;
        const issuedAt = Number(issued);
        // A few minutes ahead is another instance's clock; days ahead is no proof of ours.
        if (issuedAt > nowSeconds + 300 || nowSeconds - issuedAt > lifetimeSeconds) return false;
        const expected = sign(account, issuedAt);
        const given = Buffer.from(mac, 'base64url');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    },

    /** The cookie after a sign-in: a fresh proof for this account first, other accounts' proofs kept. */
    remember(cookie: string | undefined, account: Account, now: Date): string {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const fresh = `${account.id}.${issuedAt}.${sign(account, issuedAt).toString('base64url')}`;
      const others = proofs(cookie).filter(
        (proof) => /^[\w-]+\.\d+\.[\w-]+$/.test(proof) && !proof.startsWith(`${account.id}.`),
      );
      return [fresh, ...others].slice(0, MAX_ACCOUNTS).join('~');
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;

/** One cookie's value from a Cookie request header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie header for a known-device proof: script cannot read it (HttpOnly), another site
 * cannot send it (SameSite=Strict), and only the sign-in endpoints receive it (Path=/api/auth).
 */
export function knownDeviceSetCookie(value: string, secure: boolean): string {
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    'Path=/api/auth',
    `Max-Age=${KNOWN_DEVICE_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
