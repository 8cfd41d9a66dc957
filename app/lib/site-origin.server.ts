/**
 * The site's origins come from configuration, never from a request: SITE_URL and SITE_ALIASES, or, without
 * SITE_URL, this machine's loopback names on the port the site listens on (a newcomer's `npm start`). The HTTP
 * front refuses any other Host before a route, the document cache or the relay sees it (server/site-host.ts),
 * and signatures (NIP-98 URLs, relay AUTH, sign-in challenges, key proofs) must name one of these origins.
 */
import { config } from "~/config.server";

const loopbackHostnames = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** SITE_URL alone, for work done outside a request (rendering links as internal). */
export function configuredOrigin(): string | undefined {
  return config().siteUrl;
}

/** "Daftar.Example:80" → "daftar.example"; undefined for what is no host. */
function normalHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether `host` is one of this machine's loopback names on `port`. */
function isLoopbackHost(host: string, port: number): boolean {
  const url = URL.parse(`http://${host}`);
  return url !== null && loopbackHostnames.has(url.hostname.toLowerCase()) && Number(url.port || 80) === port;
}

/**
 * Whether a request for `host` (its Host, or X-Forwarded-Host from a trusted proxy) is for this site: the host
 * of SITE_URL or of an alias; and this machine's loopback names on the port the connection reached
 * (`localPort`), so the operator's own requests and health checks on the machine work whatever SITE_URL says.
 */
export function isSiteHost(host: string | undefined, localPort: number | undefined): boolean {
  if (!host) return false;
  if (localPort !== undefined && isLoopbackHost(host, localPort)) return true;
  const { siteUrl, siteAliases } = config();
  if (!siteUrl) return false;
  const wanted = normalHost(host);
  return [siteUrl, ...siteAliases].some((origin) => new URL(origin).host.toLowerCase() === wanted);
}

/**
 * The origins a signature made for this site may name: SITE_URL and SITE_ALIASES; without SITE_URL, the
 * loopback names on the port the request came to (the front let nothing else through).
 */
export function siteOrigins(request: Request): string[] {
  const { siteUrl, siteAliases } = config();
  if (siteUrl) return [siteUrl, ...siteAliases];
  const { protocol, port } = new URL(request.url);
  const shownPort = port ? `:${port}` : "";
  return [...loopbackHostnames].map((hostname) => `${protocol}//${hostname}${shownPort}`);
}

/**
 * The hosts (host[:port]) of the site's origins, as a relay URL names them: SITE_URL's and the aliases'; without
 * SITE_URL, the loopback names on `localPort`, the port the connection reached.
 */
export function siteHosts(localPort: number | undefined): string[] {
  const { siteUrl, siteAliases } = config();
  if (siteUrl) return [siteUrl, ...siteAliases].map((origin) => new URL(origin).host.toLowerCase());
  const shownPort = localPort === undefined || localPort === 80 ? "" : `:${localPort}`;
  return [...loopbackHostnames].map((hostname) => `${hostname}${shownPort}`);
}

/** Whether `origin` (as a signature names it: "https://daftar.example") is one of the site's origins. */
export function isSiteOrigin(origin: string | undefined, request: Request): boolean {
  const parsed = origin === undefined ? null : URL.parse(origin);
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) return false;
  return siteOrigins(request).includes(parsed.origin);
}

/**
 * The site's public origin for canonical links, feeds and callbacks: SITE_URL when set; without it, the
 * loopback origin the request came to.
 */
export function siteOrigin(request: Request): string {
  const configured = configuredOrigin();
  if (configured) return configured;
  const { origin } = new URL(request.url);
  const origins = siteOrigins(request);
  return origins.includes(origin) ? origin : origins[0]!;
}

/**
 * Whether cookies get `Secure`: from SITE_URL when it is set (behind a TLS proxy the app itself may only see
 * http), else from the request's own protocol.
 */
export function secureCookies(request: Request): boolean {
  return siteOrigin(request).startsWith("https:");
}
