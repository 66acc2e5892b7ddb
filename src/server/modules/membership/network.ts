import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, as the metered paywall counts it: the /24 of an IPv4 address, the
 * /64 of an IPv6 address (one household or office usually holds one of each). IPv4-mapped IPv6
 * addresses count as IPv4. Anything else is its own network.
 */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  const v4 = mapped ? mapped[1] : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
  return address;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" filled in, an IPv4 tail converted). */
function expandIPv6(address: string): string[] {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1].split('.').map(Number);
    text = text.slice(0, -tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16).toString(16));
}
