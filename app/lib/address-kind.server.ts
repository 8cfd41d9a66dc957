/**
 * What kind of IP address an address is: public (reachable on the internet), or one of the kinds that are not
 * (this machine, a private or link-local network, carrier-grade NAT, multicast, documentation and other
 * reserved ranges, from IANA's special-purpose address registries). IPv4 and IPv6 are compared as numbers in their
 * own family only; an IPv4 address written as IPv6 (IPv4-mapped, NAT64, 6to4) is the kind of the IPv4 address it
 * carries. IPv6 is public only inside 2000::/3, the global unicast space: everything else is not handed out.
 */
import { isIP } from "node:net";

export type AddressKind =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "linkLocal"
  | "sharedAddress"
  | "multicast"
  | "documentation"
  | "reserved";

/** An address range: a family and the first `prefix` bits of `bits`. */
export interface Network {
  family: 4 | 6;
  bits: bigint;
  prefix: number;
}

const range = (text: string, kind: AddressKind): [Network, AddressKind] => [parseNetwork(text)!, kind];

const ipv4Ranges: [Network, AddressKind][] = [
  range("0.0.0.0/8", "unspecified"),
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "sharedAddress"),
  range("127.0.0.0/8", "loopback"),
  range("169.254.0.0/16", "linkLocal"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "reserved"),
  range("192.0.2.0/24", "documentation"),
  range("192.88.99.0/24", "reserved"),
  range("192.168.0.0/16", "private"),
  range("198.18.0.0/15", "reserved"),
  range("198.51.100.0/24", "documentation"),
  range("203.0.113.0/24", "documentation"),
  range("224.0.0.0/4", "multicast"),
  range("240.0.0.0/4", "reserved"),
];

/** IPv6 ranges that carry an IPv4 address in their last 32 bits (6to4 carries it in bits 16–48). */
const mapped = parseNetwork("::ffff:0:0/96")!;
const nat64 = parseNetwork("64:ff9b::/96")!;
const sixToFour = parseNetwork("2002::/16")!;
const globalUnicast = parseNetwork("2000::/3")!;

const ipv6Ranges: [Network, AddressKind][] = [
  range("::/128", "unspecified"),
  range("::1/128", "loopback"),
  range("::/96", "reserved"), // IPv4-compatible addresses, deprecated
  range("64:ff9b:1::/48", "private"), // NAT64 for local use
  range("100::/64", "reserved"), // discard only
  range("2001:db8::/32", "documentation"),
  range("2001::/23", "reserved"), // IETF protocol assignments, Teredo among them
  range("3fff::/20", "documentation"),
  range("5f00::/16", "reserved"),
  range("fc00::/7", "private"),
  range("fe80::/10", "linkLocal"),
  range("fec0::/10", "private"), // site-local, deprecated
  range("ff00::/8", "multicast"),
];

/** The kind of `address` (an IPv4 or IPv6 address, IPv6 with or without brackets or a zone); "reserved" if it is neither. */
export function addressKind(address: string): AddressKind {
  const parsed = parseAddress(address);
  if (!parsed) return "reserved";
  if (parsed.family === 4) return ipv4Kind(parsed.bits);
  const { bits } = parsed;
  if (contains(mapped, parsed) || contains(nat64, parsed)) return ipv4Kind(bits & 0xffffffffn);
  if (contains(sixToFour, parsed)) return ipv4Kind((bits >> 80n) & 0xffffffffn);
  for (const [network, kind] of ipv6Ranges) if (contains(network, parsed)) return kind;
  return contains(globalUnicast, parsed) ? "public" : "reserved";
}

function ipv4Kind(bits: bigint): AddressKind {
  for (const [network, kind] of ipv4Ranges) if (contains(network, { family: 4, bits })) return kind;
  return "public";
}

/** An address as a number: 32 bits for IPv4, 128 for IPv6; undefined for anything else. */
export function parseAddress(text: string): { family: 4 | 6; bits: bigint } | undefined {
  const address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(address);
  if (family === 4) return { family, bits: ipv4Bits(address) };
  if (family !== 6) return undefined;
  let rest = address;
  let tail = 0n;
  let tailGroups = 0;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(rest)?.[1];
  if (dotted) {
    tail = ipv4Bits(dotted);
    tailGroups = 2;
    rest = rest.slice(0, -dotted.length).replace(/:$/, "") || ":";
    if (rest.endsWith(":") && !rest.endsWith("::")) rest += ":";
  }
  const [head, after] = rest.includes("::") ? rest.split("::") : [rest, undefined];
  const left = head ? head.split(":").filter((g) => g !== "") : [];
  const right = after ? after.split(":").filter((g) => g !== "") : [];
  const missing = 8 - tailGroups - left.length - right.length;
  const groups = after === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
  let bits = 0n;
  for (const group of groups) bits = (bits << 16n) | BigInt(parseInt(group, 16));
  return { family: 6, bits: (bits << BigInt(tailGroups * 16)) | tail };
}

function ipv4Bits(address: string): bigint {
  return address.split(".").reduce((bits, part) => (bits << 8n) | BigInt(Number(part)), 0n);
}

/** "10.0.0.0/8", "fd00::/8" or a single address ("192.168.1.20", a /32 or /128); undefined when it is neither. */
export function parseNetwork(text: string): Network | undefined {
  const [address, prefixText, ...extra] = text.trim().split("/");
  if (extra.length || !address) return undefined;
  const parsed = parseAddress(address);
  if (!parsed || address.includes("%")) return undefined;
  const width = parsed.family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return undefined;
  return { family: parsed.family, bits: parsed.bits, prefix };
}

/** Whether `network` holds the address. */
export function contains(network: Network, address: { family: 4 | 6; bits: bigint }): boolean {
  if (network.family !== address.family) return false;
  const shift = BigInt((network.family === 4 ? 32 : 128) - network.prefix);
  return network.bits >> shift === address.bits >> shift;
}
