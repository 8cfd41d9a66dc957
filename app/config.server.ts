/**
 * Daftar's configuration: every environment variable the app and its servers use, read and checked in this one
 * module (README, "Configuration"). The servers read it when they start, so a bad value stops them with a
 * message naming the variable instead of failing on some later request. Only Node built-ins are imported here:
 * the HTTP front loads this file directly, outside the app's build.
 */
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this module (works from sources and from the build). */
export const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
})();

export interface Config {
  /** PORT: the HTTP port. */
  port: number;
  /** HOST: the interface to listen on; unset, the server chooses (npm start: all of them, development: this machine). */
  host: string | undefined;
  /** DATA_DIR, absolute: the embedded database, the setup token, the installer's saved database. */
  dataDir: string;
  /** DATABASE_URL, else the embedded file in dataDir. */
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** SITE_URL as an origin ("https://daftar.example", no trailing slash). */
  siteUrl: string | undefined;
  /**
   * SITE_ALIASES: other origins the same site answers at ("https://www.daftar.example"), as origins. The site
   * answers, and signatures may name, SITE_URL and these only (app/lib/site-origin.server.ts).
   */
  siteAliases: string[];
  /**
   * TRUST_PROXY as Express's "trust proxy" setting takes it: false (no proxy, the default), a number of proxies,
   * or their addresses. "true" means one proxy: Express's own `true` would take the left-most X-Forwarded-For
   * entry, which the client writes, as the client's address.
   */
  trustProxy: false | number | string;
  /**
   * INSTALL_ALLOW_PRIVATE_DATABASE: which addresses that are not public a database server entered in the installer
   * may have: none (false, the default), any (true), or the networks listed.
   */
  installAllowPrivateDatabase: PrivateAddresses;
  /** DAFTAR_INSTALLED=true: installed, whatever the database says. */
  forceInstalled: boolean;
  /**
   * OUTBOUND_ALLOW_PRIVATE: the server's own requests for visitors (other sites' Nostr names, lightning pay
   * endpoints, gists) may reach these addresses that are not public (true: any), over plain http too. For tests
   * and closed networks; otherwise such addresses are refused, so nobody can make the site probe its own network.
   */
  outboundAllowPrivate: PrivateAddresses;
  /** GIT_HOST_ALLOW_PRIVATE: the addresses that are not public a git host or GitHub API address may have. */
  gitHostAllowPrivate: PrivateAddresses;
  /** SMTP_HOST_ALLOW_PRIVATE: the addresses that are not public the SMTP server set in the settings may have. */
  smtpHostAllowPrivate: PrivateAddresses;
  /**
   * SMTP_URL: the mail server the site sends through, set by the operator in place of the one in the settings
   * (smtp://user:password@host:587 for STARTTLS, smtps://…:465 for TLS, smtp://…?tls=none for none).
   */
  smtp: SmtpServer | undefined;
  /** OUTBOUND_DNS_SERVERS: the DNS servers outbound requests resolve names with, instead of the system's. */
  outboundDnsServers: string[] | undefined;
  /** GIST_RAW_URL: where GitHub gists are read from for identity proofs (a test double's address in tests). */
  gistRawUrl: string;
  /** SITE_OWNER: the user name of the member who receives the contact page's messages (else the first administrator). */
  siteOwner: string | undefined;
  /** SETUP_TOKEN: the installer's token, instead of a generated one. */
  setupToken: string | undefined;
  /**
   * RELAY_MAX_CONNECTIONS and RELAY_MAX_CONNECTIONS_PER_ADDRESS: the relay's open connections on this instance,
   * in all and from one client address (an IPv6 address counts by its /64).
   */
  relayConnections: { total: number; perAddress: number };
  /** RELAY_POW_DIFFICULTY: the proof of work (NIP-13, leading zero bits) asked of messages from non-members. */
  relayPowDifficulty: number;
  /** GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET: sign-in with GitHub. */
  github: { clientId: string; clientSecret: string } | undefined;
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME: sign-in with an OpenID Connect provider. */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; name: string } | undefined;
  /** RENDER_THREADS: worker threads that render markdown (app/content/markdown/render-markdown.server.ts). */
  renderThreads: number;
  /** IMAGE_JOBS: image jobs (resizing, encoding) run at once; the rest wait their turn (app/media/image-work.server.ts). */
  imageJobs: number;
}

/** A mail server and how to reach it. */
export interface SmtpServer {
  host: string;
  port: number;
  /** none: plain text; starttls: upgraded after the greeting (refused if the server cannot); tls: TLS from the start. */
  security: "none" | "starttls" | "tls";
  user: string;
  password: string;
}

/**
 * Which addresses that are not public (loopback, private, link-local …) a kind of outbound request may reach:
 * none, any, or those in the networks listed ("10.0.0.0/8", "fd00::/8", "192.168.1.20").
 */
export type PrivateAddresses = boolean | readonly string[];

/** What is wrong with the environment: one line per variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export const databasePattern = /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/;

const minSetupTokenLength = 16;

/**
 * Reads and checks the variables in `env`; throws a ConfigError listing every bad one. Empty values count as
 * unset. Secrets are never repeated in a message.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const read = (name: string) => env[name]?.trim() || undefined;
  // A value as a message repeats it: shortened, and without credentials written into a URL.
  const shown = (value: string) => {
    const safe = value.replace(/\/\/[^/@]*@/, "//***@");
    return JSON.stringify(safe.length > 80 ? `${safe.slice(0, 80)}…` : safe);
  };

  const portText = read("PORT");
  const port = portText === undefined ? 3000 : Number(portText);
  if (portText !== undefined && !(/^\d+$/.test(portText) && port >= 1 && port <= 65535)) {
    problems.push(`PORT must be a whole number from 1 to 65535 (got ${shown(portText)}).`);
  }

  const host = read("HOST");
  if (host !== undefined && !/^(\[[0-9a-fA-F:.]+\]|[\w.:-]+)$/.test(host)) {
    problems.push(
      `HOST must be an address or host name to listen on, such as 0.0.0.0 or 127.0.0.1 (got ${shown(host)}).`,
    );
  }

  const dataDir = path.resolve(read("DATA_DIR") ?? path.join(projectRoot, "data"));

  const databaseUrl = read("DATABASE_URL") ?? `file:${path.join(dataDir, "daftar.db")}`;
  if (!databasePattern.test(databaseUrl)) {
    problems.push("DATABASE_URL must start with file:, libsql://, http://, https://, ws:// or wss://.");
  }

  const siteUrlText = read("SITE_URL");
  const siteUrl = siteUrlText === undefined ? undefined : httpOrigin(siteUrlText);
  if (siteUrlText !== undefined && siteUrl === undefined) {
    problems.push(
      `SITE_URL must be an http(s) origin such as https://daftar.example, without a path, query or credentials (got ${shown(siteUrlText)}).`,
    );
  }

  const aliasesText = read("SITE_ALIASES");
  const aliasParts =
    aliasesText
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean) ?? [];
  const siteAliases = aliasParts.map(httpOrigin);
  if (aliasParts.length > 0 && siteUrlText === undefined) {
    problems.push("SITE_ALIASES is set but SITE_URL is not: set SITE_URL to the site's main address first.");
  }
  const badAlias = aliasParts.find((_, i) => siteAliases[i] === undefined);
  if (badAlias !== undefined) {
    problems.push(
      `SITE_ALIASES must be http(s) origins separated by commas, such as https://www.daftar.example (got ${shown(badAlias)}).`,
    );
  }

  const trustProxyText = read("TRUST_PROXY");
  const trustProxy = trustProxyText === undefined ? false : trustProxySetting(trustProxyText);
  if (trustProxy === undefined) {
    problems.push(
      `TRUST_PROXY must be true, false, a number of proxies, or addresses and subnets such as loopback, 10.0.0.0/8 (got ${shown(trustProxyText!)}).`,
    );
  }

  const privateAddresses = (name: string): PrivateAddresses => {
    const text = read(name);
    if (text === undefined || text === "false") return false;
    if (text === "true") return true;
    const networks = text.split(",").map((part) => part.trim());
    if (networks.every(isNetwork)) return networks;
    problems.push(
      `${name} must be true, false, or addresses and networks such as 10.0.0.0/8, fd00::/8 (got ${shown(text)}).`,
    );
    return false;
  };
  const installAllowPrivateDatabase = privateAddresses("INSTALL_ALLOW_PRIVATE_DATABASE");
  const outboundAllowPrivate = privateAddresses("OUTBOUND_ALLOW_PRIVATE");
  const gitHostAllowPrivate = privateAddresses("GIT_HOST_ALLOW_PRIVATE");
  const smtpHostAllowPrivate = privateAddresses("SMTP_HOST_ALLOW_PRIVATE");
  const smtpText = read("SMTP_URL");
  const smtp = smtpText === undefined ? undefined : smtpServer(smtpText);
  if (smtpText !== undefined && !smtp) {
    problems.push(
      // Never echoed, not even in part: a password may hold "/" or "@", so no masking can be sure to hide it.
      "SMTP_URL must be smtp://user:password@host:port or smtps://… (?tls=none for a server without TLS); its value is not shown, as it holds a password.",
    );
  }

  const dnsText = read("OUTBOUND_DNS_SERVERS");
  const outboundDnsServers = dnsText?.split(",").map((part) => part.trim());
  if (outboundDnsServers && !outboundDnsServers.every(isDnsServer)) {
    problems.push(
      `OUTBOUND_DNS_SERVERS must be DNS servers' addresses, with a port if not 53, such as 10.0.0.2, 127.0.0.1:5353, [fd00::53]:53 (got ${shown(dnsText!)}).`,
    );
  }

  const siteOwner = read("SITE_OWNER");
  if (siteOwner !== undefined && !/^[A-Za-z0-9._-]{3,40}$/.test(siteOwner)) {
    problems.push(`SITE_OWNER must be a member's user name (got ${shown(siteOwner)}).`);
  }

  const gistText = read("GIST_RAW_URL");
  const gistRawUrl = gistText === undefined ? "https://gist.githubusercontent.com" : httpOrigin(gistText);
  if (gistRawUrl === undefined) problems.push(`GIST_RAW_URL must be an http(s) origin (got ${shown(gistText!)}).`);

  const installedText = read("DAFTAR_INSTALLED");
  if (installedText !== undefined && installedText !== "true" && installedText !== "false") {
    problems.push(`DAFTAR_INSTALLED must be true or false (got ${shown(installedText)}).`);
  }

  const setupToken = read("SETUP_TOKEN");
  if (setupToken !== undefined && (setupToken.length < minSetupTokenLength || /\s/.test(setupToken))) {
    problems.push(
      `SETUP_TOKEN must be at least ${minSetupTokenLength} characters, without spaces: it guards the installer.`,
    );
  }

  const wholeNumber = (name: string, fallback: number, min: number, max: number, what: string): number => {
    const text = read(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (/^\d+$/.test(text) && value >= min && value <= max) return value;
    problems.push(`${name} must be a whole number from ${min} to ${max}: ${what} (got ${shown(text)}).`);
    return fallback;
  };
  const relayConnections = {
    total: wholeNumber("RELAY_MAX_CONNECTIONS", 1000, 1, 100_000, "the relay's open connections on this instance"),
    perAddress: wholeNumber(
      "RELAY_MAX_CONNECTIONS_PER_ADDRESS",
      20,
      1,
      10_000,
      "the relay's open connections from one client address",
    ),
  };
  const relayPowDifficulty = wholeNumber(
    "RELAY_POW_DIFFICULTY",
    13,
    0,
    32,
    "the leading zero bits asked of messages from non-members",
  );
  // Sized for a 2-core machine: two rendering threads (one is always free for readers' pages), one image job.
  const renderThreads = wholeNumber("RENDER_THREADS", 2, 1, 16, "threads that render markdown");
  const imageJobs = wholeNumber("IMAGE_JOBS", 1, 1, 16, "image jobs run at once");

  const github = pair(read, problems, "GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET");

  const oidcPair = pair(read, problems, "OIDC_ISSUER", "OIDC_CLIENT_ID");
  const issuer = oidcPair && httpUrl(oidcPair[0]);
  if (oidcPair && issuer === undefined) {
    problems.push(
      `OIDC_ISSUER must be an http(s) URL such as https://id.example/realms/main (got ${shown(oidcPair[0])}).`,
    );
  }
  for (const name of ["OIDC_CLIENT_SECRET", "OIDC_NAME"]) {
    if (read(name) !== undefined && !oidcPair)
      problems.push(`${name} is set but OIDC_ISSUER and OIDC_CLIENT_ID are not.`);
  }

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseAuthToken: read("DATABASE_AUTH_TOKEN"),
    siteUrl,
    siteAliases: [...new Set(siteAliases as string[])].filter((alias) => alias !== siteUrl),
    trustProxy: trustProxy!,
    installAllowPrivateDatabase,
    forceInstalled: installedText === "true",
    outboundAllowPrivate,
    gitHostAllowPrivate,
    smtpHostAllowPrivate,
    smtp,
    outboundDnsServers,
    siteOwner,
    gistRawUrl: gistRawUrl!,
    setupToken,
    relayConnections,
    relayPowDifficulty,
    github: github && { clientId: github[0], clientSecret: github[1] },
    oidc:
      oidcPair && issuer
        ? {
            issuer,
            clientId: oidcPair[1],
            clientSecret: read("OIDC_CLIENT_SECRET"),
            name: read("OIDC_NAME") ?? "OpenID Connect",
          }
        : undefined,
    renderThreads,
    imageJobs,
  };
}

/** SMTP_URL read: smtps is TLS from the start; smtp is STARTTLS unless `?tls=none`. */
function smtpServer(text: string): SmtpServer | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  const secure = url.protocol === "smtps:";
  if ((!secure && url.protocol !== "smtp:") || !url.hostname || (url.pathname !== "" && url.pathname !== "/")) {
    return undefined;
  }
  const tls = url.searchParams.get("tls");
  if (tls !== null && tls !== "none") return undefined;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    security: secure ? "tls" : tls === "none" ? "none" : "starttls",
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

/** Two variables that only work together: both (their values) or neither (undefined); one alone is a problem. */
function pair(
  read: (name: string) => string | undefined,
  problems: string[],
  first: string,
  second: string,
): [string, string] | undefined {
  const a = read(first);
  const b = read(second);
  if (a !== undefined && b !== undefined) return [a, b];
  if (a !== undefined || b !== undefined) {
    problems.push(`${first} and ${second} go together: ${a === undefined ? first : second} is missing.`);
  }
  return undefined;
}

/** "10.0.0.0/8", "fd00::/8" or one address. */
function isNetwork(text: string): boolean {
  const [address, prefix, ...rest] = text.split("/");
  const family = isIP(address ?? "");
  if (!family || rest.length || address!.includes("%")) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** "10.0.0.2", "127.0.0.1:5353", "fd00::53" or "[fd00::53]:53", as dns.setServers takes them. */
function isDnsServer(text: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed) return isIP(bracketed[1]!) === 6 && (bracketed[2] === undefined || Number(bracketed[2]) <= 65535);
  if (isIP(text)) return true;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):(\d{1,5})$/.exec(text);
  return withPort !== null && isIP(withPort[1]!) === 4 && Number(withPort[2]) >= 1 && Number(withPort[2]) <= 65535;
}

/** "https://daftar.example/" → "https://daftar.example"; undefined for anything that is not a bare http(s) origin. */
function httpOrigin(text: string): string | undefined {
  const url = httpUrl(text);
  if (!url) return undefined;
  const { pathname, search, hash, username, password, origin } = new URL(url);
  return pathname === "/" && !search && !hash && !username && !password ? origin : undefined;
}

/** An http(s) URL without its trailing slash, or undefined. */
function httpUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? text.replace(/\/+$/, "") : undefined;
  } catch {
    return undefined;
  }
}

/** TRUST_PROXY as Express takes it: false, a hop count ("true" is 1), or names, addresses and subnets; undefined if none. */
function trustProxySetting(text: string): false | number | string | undefined {
  if (text === "false") return false;
  if (text === "true") return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.split(",").map((part) => part.trim());
  const valid = parts.every((part) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(part));
  return valid ? parts.join(", ") : undefined;
}

/**
 * What the servers print when they start, about settings that work but are probably not what was meant: one line
 * each. `env` (the process environment by default) has been checked by parseConfig.
 */
export function configWarnings(env: Record<string, string | undefined> = process.env): string[] {
  const read = (name: string) => env[name]?.trim() || undefined;
  const warnings: string[] = [];
  const trustProxy = read("TRUST_PROXY");
  if (trustProxy === "true") {
    warnings.push(
      "TRUST_PROXY=true is taken as one proxy in front of Daftar (TRUST_PROXY=1): the client address is the one that proxy appended to X-Forwarded-For. Set the number of proxies, or their addresses, to say so.",
    );
  }
  if (trustProxy === undefined && read("SITE_URL")?.toLowerCase().startsWith("https:")) {
    warnings.push(
      "SITE_URL is https but TRUST_PROXY is not set: behind a reverse proxy every visitor has the proxy's address (one shared login limit, wrong addresses in the logs). Set TRUST_PROXY to the number of proxies or their addresses.",
    );
  }
  for (const name of [
    "OUTBOUND_ALLOW_PRIVATE",
    "GIT_HOST_ALLOW_PRIVATE",
    "SMTP_HOST_ALLOW_PRIVATE",
    "INSTALL_ALLOW_PRIVATE_DATABASE",
  ]) {
    if (read(name) !== "true") continue;
    warnings.push(
      name === "OUTBOUND_ALLOW_PRIVATE"
        ? "OUTBOUND_ALLOW_PRIVATE=true lets any visitor make the server send requests to this machine and its private networks (names documents, lightning addresses, gists). Use it for tests and closed networks only, or list the networks that are meant (10.0.0.0/8, …)."
        : `${name}=true allows every address that is not public, this machine's own among them. List the networks that are meant instead (10.0.0.0/8, fd00::/8, …).`,
    );
  }
  return warnings;
}

/**
 * The start-up line of a site without SITE_URL: it answers on this machine's loopback names only, so that a
 * made-up Host can never name it (signatures, cached pages); `port` is the one it listens on.
 */
export function loopbackOnlyNotice(port: number): string {
  return `SITE_URL is not set: Daftar answers only on this machine (http://localhost:${port}, http://127.0.0.1:${port}, http://[::1]:${port}) until SITE_URL is set to the site's public address.`;
}

let loaded: Config | undefined;

/** The environment a worker thread starts with: this process's (so it reads the same configuration) and `extra`. */
export function workerEnvironment(extra: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}

/** The configuration of this process, read from the environment and checked on first use. */
export function config(): Config {
  loaded ??= parseConfig(process.env);
  return loaded;
}

/** Forgets the configuration read so far: the next `config()` reads the environment again (tests that change it). */
export function resetConfigForTests(): void {
  loaded = undefined;
}

/** The database the installer saved (DATA_DIR/config.json, readable by the server's user only). */
interface SavedDatabase {
  databaseUrl: string;
  databaseAuthToken?: string;
}

function savedConfigPath(): string {
  return path.join(config().dataDir, "config.json");
}

function savedDatabase(): SavedDatabase | undefined {
  try {
    const value = JSON.parse(readFileSync(savedConfigPath(), "utf8")) as Partial<SavedDatabase>;
    return typeof value.databaseUrl === "string" && value.databaseUrl ? (value as SavedDatabase) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The database to open: the one the installer saved, else DATABASE_URL, else the embedded file in DATA_DIR.
 * `fromInstaller` says whose choice it was: a server entered in the installer stays under the installer's address
 * rule (INSTALL_ALLOW_PRIVATE_DATABASE) every time it is connected to.
 */
export function databaseTarget(): { url: string; authToken: string | undefined; fromInstaller: boolean } {
  const saved = savedDatabase();
  if (saved) return { url: saved.databaseUrl, authToken: saved.databaseAuthToken || undefined, fromInstaller: true };
  return { url: config().databaseUrl, authToken: config().databaseAuthToken, fromInstaller: false };
}

/** Remembers a database the owner entered in the installer; it takes precedence over DATABASE_URL from now on. */
export async function saveDatabaseTarget(url: string, authToken: string | undefined): Promise<void> {
  await writeFile(savedConfigPath(), JSON.stringify({ databaseUrl: url, databaseAuthToken: authToken || undefined }), {
    mode: 0o600,
  });
}
