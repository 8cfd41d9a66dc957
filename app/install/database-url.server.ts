/**
 * Which database the installer may switch to. The installer opens whatever URL it is given and, before this
 * check, reported the driver's error text: that made it a way to probe the site's internal network (which hosts
 * and ports answer, and what), and a `file:` URL could put the site's data anywhere the server can write.
 * - `file:` paths must be inside DATA_DIR: resolved, no `..`, the folder must already exist there (nothing is
 *   created elsewhere) and symbolic links must not lead out of it;
 * - server URLs may not reach loopback, private, link-local or other internal addresses (by literal address or
 *   by what the name resolves to) unless the operator allows it with INSTALL_ALLOW_PRIVATE_DATABASE=true, as
 *   for a libSQL server on the same machine.
 */
import { existsSync, lstatSync, realpathSync } from "node:fs";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import { config, databasePattern } from "~/config.server";
import { ServiceError } from "~/lib/service-error";

const internal = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["fec0::", 10],
  // IPv4 written as IPv6 (mapped, and the NAT64 prefix): URLs normalise "[::ffff:127.0.0.1]" to "[::ffff:7f00:1]".
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP address) is on this machine, a private network or otherwise not public. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? internal.check(mapped, "ipv4") : internal.check(address, "ipv6");
}

/**
 * Checks a database URL the installer was given and returns the one to open (a `file:` URL with its absolute
 * path). Refuses with 400 and a message that says what to change.
 */
export async function allowedDatabaseUrl(url: string): Promise<string> {
  if (!databasePattern.test(url)) throw new ServiceError(400, "install.error.badUrl");
  if (url.startsWith("file:")) return `file:${fileInDataDir(url)}`;
  let host: string;
  try {
    // libsql:// and ws(s):// parse like http(s):// for their host.
    host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    throw new ServiceError(400, "install.error.badUrl");
  }
  if (!host) throw new ServiceError(400, "install.error.badUrl");
  if (config().installAllowPrivateDatabase) return url;
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.length === 0) throw new ServiceError(400, "install.error.notWorking");
  if (addresses.some(isInternalAddress)) throw new ServiceError(400, "install.error.privateDatabase");
  return url;
}

async function resolve(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/** The absolute path of a `file:` URL's database, when it lies inside DATA_DIR; refused otherwise. */
function fileInDataDir(url: string): string {
  const outside = () => new ServiceError(400, "install.error.fileOutsideData");
  let raw = url.slice("file:".length);
  if (/[?#]/.test(raw)) throw outside();
  if (raw.startsWith("//")) {
    // file:///abs/path (an empty host) or file://localhost/abs/path.
    const match = /^\/\/(localhost)?(\/.*)$/.exec(raw);
    if (!match) throw outside();
    raw = decodeURIComponent(match[2]!);
  }
  if (raw.includes("\0") || raw.split(/[/\\]/).includes("..")) throw outside();
  const dataDir = config().dataDir;
  const file = path.resolve(dataDir, raw);
  if (!within(dataDir, file) || file === dataDir) throw outside();
  // The folder must exist already (so nothing is created outside) and, links followed, still be inside.
  const folder = path.dirname(file);
  if (!existsSync(folder)) throw outside();
  const realData = realpathSync(dataDir);
  if (!within(realData, realpathSync(folder))) throw outside();
  if (existsSync(file) || isLink(file)) {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      throw outside(); // a dangling link
    }
    if (!within(realData, real)) throw outside();
  }
  return file;
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function within(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
