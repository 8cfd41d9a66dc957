import { isIPv6 } from "node:net";

/**
 * The unit a client is limited by: its IPv4 address, or the /64 network of its IPv6 address (a subscriber is
 * usually given a whole /64, so counting single IPv6 addresses would give one client billions of budgets).
 * An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is its IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip || "unknown";
  const [head = "", tail] = ip.split("%")[0]!.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  // A dotted IPv4 tail takes two groups.
  const width = (list: string[]) => list.reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  const all =
    tail === undefined ? first : [...first, ...Array<string>(8 - width(first) - width(last)).fill("0"), ...last];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
