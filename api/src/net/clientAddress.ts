import { isIP } from 'node:net';

/**
 * The key a client's address is counted under. An IPv4 address is itself (an IPv4-mapped IPv6
 * address is its IPv4 address); an IPv6 address counts by its /64, because one subscriber is
 * given a whole /64 and could otherwise pick a fresh address for every request.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail ("::1.2.3.4") fills two groups; it lies past the /64 either way.
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
