import { isIPv6 } from 'node:net';

/**
 * The one form of a typed username that the employee lookup and the sign-in counters both use, so
 * every spelling that reaches an account counts on that account's counters. NFKC turns compatibility
 * forms (full-width ＡＤＭＩＮ, the Kelvin sign) into plain letters; dotted İ and dotless ı fold to i, as a
 * Turkish keyboard types them. Usernames are ASCII (the employee form allows letters, digits, `.`,
 * `_` and `-`), so on stored names this is PostgreSQL's `lower()`, whatever the database's locale.
 */
export function foldUsername(username: string): string {
  return username
    .normalize('NFKC')
    .toLowerCase()
    .replace(/i\u0307/g, 'i')
    .replace(/ı/g, 'i');
}

/**
 * What the per-address counters count: an IPv4 address as it is, an IPv6 address by its /64 (one
 * home or one server's allocation, which its holder can rotate through freely). An IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, what a dual-stack socket reports for an IPv4 client) is that IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing dotted quad split in two. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [Number.parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = address.indexOf('::');
  if (gap < 0) return parse(address);
  const head = parse(address.slice(0, gap));
  const tail = parse(address.slice(gap + 2));
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * Seconds an account's next attempt waits after `failures` checked failures in a row: none below
 * the threshold, then 1, 2, 4… doubling up to `capSeconds`. The repository's SQL says the same.
 */
export function accountDelaySeconds(failures: number, threshold: number, capSeconds: number): number {
  if (failures < threshold) return 0;
  return Math.min(capSeconds, 2 ** Math.min(failures - threshold, 30));
}
