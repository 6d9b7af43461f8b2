import { isIPv4, isIPv6 } from "node:net";

/**
 * Who a rate limit counts against. An IPv4 address is one subscriber; an IPv6 subscriber usually
 * holds a whole /64 and can rotate through it at will, so IPv6 addresses count per /64.
 */
export function rateLimitSubject(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(missing, 0)).fill("0"), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
