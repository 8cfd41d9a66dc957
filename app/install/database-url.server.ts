/**
 * Which database the installer may switch to. The installer opens whatever URL it is given and, before this
 * check, reported the driver's error text: that made it a way to probe the site's internal network (which hosts
 * and ports answer, and what), and a `file:` URL could put the site's data anywhere the server can write.
 * - `file:` paths must be inside DATA_DIR: resolved, no `..`, the folder must already exist there (nothing is
 *   created elsewhere) and symbolic links must not lead out of it;
 * - server URLs may not reach loopback, private, link-local or other addresses that are not public (by literal
 *   address or by what the name resolves to) unless the operator allows them with INSTALL_ALLOW_PRIVATE_DATABASE
 *   (true, or the networks), as for a libSQL server on the same machine; the connection is made through the
 *   outbound module (`~/lib/outbound.server`) under the same rule.
 */
import { existsSync, lstatSync, realpathSync } from "node:fs";
import path from "node:path";
import { config, databasePattern } from "~/config.server";
import { allowedAddresses, outboundErrorOf } from "~/lib/outbound.server";
import { ServiceError } from "~/lib/service-error";

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
  // The message comes from this check; the connection itself checks again, and connects to what it checked.
  try {
    await allowedAddresses(host, "installerDatabase");
  } catch (error) {
    throw refusal(error);
  }
  return url;
}

/** The installer's answer to a refused or failed connection: which of two messages, never the driver's words. */
export function refusal(error: unknown): ServiceError {
  return outboundErrorOf(error)?.reason === "notAllowed"
    ? new ServiceError(400, "install.error.privateDatabase")
    : new ServiceError(400, "install.error.notWorking");
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
