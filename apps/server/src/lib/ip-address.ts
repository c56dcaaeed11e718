import { isIPv6 } from 'node:net';

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
 * The network an address belongs to, for limits on what one network may hold at once: an IPv4
 * address's /24, an IPv6 address's /64 (an IPv4-mapped address is its IPv4 address).
 */
export function networkKey(ip: string): string {
  const address = addressKey(ip);
  if (address.endsWith('/64')) return address;
  const octets = address.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : address;
}
