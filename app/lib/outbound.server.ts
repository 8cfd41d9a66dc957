/**
 * Every request the server makes to another machine goes through here (an ESLint rule refuses the others): the
 * names documents, lightning wallets and gists a visitor asks about, the git host and GitHub's API, the sign-in
 * provider, the libSQL server. For each request:
 * - the address is checked: public addresses only, unless the operator allowed other ones for that purpose
 *   (`Purpose` below says who decides what); a host name is resolved once, every address it gives is checked,
 *   and the connection goes to one of exactly those addresses (the lookup that connects is the check), so a name
 *   that answers differently the second time (DNS rebinding) cannot slip past. TLS keeps the host name for SNI
 *   and the certificate;
 * - redirects are refused, or followed a few times where the purpose needs it (git hosts), each one checked
 *   like the first; credentials are not carried to another origin, and https never goes down to http;
 * - time limits: to connect, and for the whole answer; a limit on how much of it is read;
 * - a failure is an `OutboundError` with one of a few generic reasons. The details (the address, the status,
 *   what the remote said) go to the server's log only: the remote's own words never reach the caller.
 * This module is the base layer: it knows the configuration, never a domain.
 */
import { lookup as systemLookup, Resolver } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { Readable } from "node:stream";
import { config, type PrivateAddresses } from "~/config.server";
import { addressKind, contains, parseAddress, parseNetwork, type Network } from "./address-kind.server";

/**
 * Why a request is made, which decides where it may go:
 * - "visitor": for anyone who asks (another domain's names document, a lightning address, a gist). Public
 *   addresses over https only; OUTBOUND_ALLOW_PRIVATE opens other addresses (and plain http) for tests and
 *   closed networks. No redirects.
 * - "gitHost": the git remote and GitHub API address the site's administrators set. Public addresses;
 *   GIT_HOST_ALLOW_PRIVATE opens the operator's own networks. Redirects followed (a moved repository), each checked.
 * - "mailHost": the SMTP server the site's administrators set. Public addresses; SMTP_HOST_ALLOW_PRIVATE opens the
 *   operator's own networks. The SMTP client connects itself, to the address `connectAddress` checked.
 * - "installerDatabase": a libSQL server entered in the installer. Public addresses; INSTALL_ALLOW_PRIVATE_DATABASE
 *   opens the others.
 * - "operator": addresses the operator wrote in the environment (DATABASE_URL, the OpenID Connect issuer and
 *   the endpoints its discovery document names, GitHub's sign-in). Any address: the operator chose it. Still
 *   pinned, timed and bounded.
 */
export type Purpose = "visitor" | "gitHost" | "mailHost" | "installerDatabase" | "operator";

/** The generic reasons a request fails; what the caller may be told. */
export type OutboundReason =
  "badUrl" | "notAllowed" | "unreachable" | "timeout" | "redirect" | "status" | "tooLarge" | "notJson";

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundReason,
    /** For the server's log only: never shown to the caller. */
    readonly detail: string,
    /** The answer's status, when the reason is "status". */
    readonly status?: number,
  ) {
    super(reason);
    this.name = "OutboundError";
  }
}

/** The OutboundError behind `error` (libraries wrap what a fetch throws in their own errors), if any. */
export function outboundErrorOf(error: unknown): OutboundError | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundError) return e;
  }
  return undefined;
}

export interface Limits {
  /** The whole request, answer read included. */
  timeoutMs?: number;
  /** Resolving the name and opening the connection. */
  connectTimeoutMs?: number;
  /** The most of the answer's body that is read. */
  maxBytes?: number;
  /** How many redirects are followed (0: a redirect is a failure). */
  redirects?: number;
}

interface Rules extends Required<Limits> {
  /** Addresses that are not public which may be reached. */
  privateAllowed: PrivateAddresses;
  /** Plain http as well as https. */
  plainHttp: boolean;
  /** Connections kept open for the next request (hosts the site talks to often). */
  keepAlive: boolean;
}

const KiB = 1024;
const MiB = 1024 * KiB;

function rulesFor(purpose: Purpose): Rules {
  const settings = config();
  switch (purpose) {
    case "visitor":
      return {
        privateAllowed: settings.outboundAllowPrivate,
        plainHttp: settings.outboundAllowPrivate !== false,
        keepAlive: false,
        redirects: 0,
        timeoutMs: 5_000,
        connectTimeoutMs: 5_000,
        maxBytes: 256 * KiB,
      };
    case "gitHost":
      return {
        privateAllowed: settings.gitHostAllowPrivate,
        plainHttp: true,
        keepAlive: true,
        redirects: 5,
        timeoutMs: 10 * 60_000,
        connectTimeoutMs: 10_000,
        maxBytes: 512 * MiB,
      };
    case "mailHost":
      return {
        privateAllowed: settings.smtpHostAllowPrivate,
        plainHttp: false,
        keepAlive: false,
        redirects: 0,
        timeoutMs: 60_000,
        connectTimeoutMs: 10_000,
        maxBytes: 0,
      };
    // A database server: the installer's (private only when the operator allows it) or the operator's own.
    case "installerDatabase":
    case "operator":
      return {
        privateAllowed: purpose === "operator" || settings.installAllowPrivateDatabase,
        plainHttp: true,
        keepAlive: true,
        redirects: 0,
        timeoutMs: 15_000,
        connectTimeoutMs: 10_000,
        maxBytes: 256 * MiB,
      };
  }
}

const networksCache = new WeakMap<readonly string[], Network[]>();

/** Whether `address` may be reached under `allowed`: public addresses always; others when the operator said so. */
function addressAllowed(address: string, allowed: PrivateAddresses): boolean {
  if (addressKind(address) === "public" || allowed === true) return true;
  if (allowed === false) return false;
  let networks = networksCache.get(allowed);
  if (!networks) {
    networks = allowed.map((text) => parseNetwork(text)).filter((n) => n !== undefined);
    networksCache.set(allowed, networks);
  }
  const parsed = parseAddress(address);
  return parsed !== undefined && networks.some((network) => contains(network, parsed));
}

let resolver: { servers: string; resolver: Resolver } | undefined;

/** Every address `host` resolves to: through OUTBOUND_DNS_SERVERS when set, else the system's resolver. */
async function resolve(host: string): Promise<LookupAddress[]> {
  const servers = config().outboundDnsServers;
  try {
    if (!servers) return await systemLookup(host, { all: true, verbatim: true });
    const key = servers.join(",");
    if (resolver?.servers !== key) {
      const created = new Resolver({ timeout: 2_000, tries: 2 });
      created.setServers(servers);
      resolver = { servers: key, resolver: created };
    }
    const [v4, v6] = await Promise.allSettled([resolver.resolver.resolve4(host), resolver.resolver.resolve6(host)]);
    const found = [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (!found.length && v4.status === "rejected") throw v4.reason;
    return found;
  } catch (error) {
    throw new OutboundError("unreachable", `${host} does not resolve (${(error as { code?: string }).code ?? error})`);
  }
}

/**
 * The addresses `host` (a name or an address) may be reached at for `purpose`: resolved once, every one of them
 * checked. Refused ("notAllowed") when any is not allowed: a name that mixes public and private answers is not
 * trusted with either.
 */
export async function allowedAddresses(host: string, purpose: Purpose): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal }] : await resolve(bare);
  if (!addresses.length) throw new OutboundError("unreachable", `${host} has no address`);
  const { privateAllowed } = rulesFor(purpose);
  const refused = addresses.find(({ address }) => !addressAllowed(address, privateAllowed));
  if (refused) {
    const seen = literal ? refused.address : `${bare} → ${refused.address}`;
    throw new OutboundError("notAllowed", `${seen} is ${addressKind(refused.address)}, not allowed for ${purpose}`);
  }
  return addresses;
}

/**
 * The one address a client that opens its own connection (the SMTP client) is to connect to for `host`: resolved
 * and checked as a request's would be; the client is given this address, and keeps the name for TLS.
 */
export async function connectAddress(host: string, purpose: Purpose): Promise<string> {
  try {
    return (await allowedAddresses(host, purpose))[0]!.address;
  } catch (error) {
    const failure = asOutboundError(error);
    console.warn(`Outbound connection (${purpose}) to ${host} refused: ${failure.reason}: ${failure.detail}`);
    throw failure;
  }
}

/**
 * `text` as a URL this purpose may request: http(s), no credentials in it, plain http only where allowed (and for
 * .onion names, whose transport is its own encryption), an address that is written literally checked now (a
 * name is checked when it is resolved to connect).
 */
export async function checkUrl(text: string | URL, purpose: Purpose): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError("badUrl", "not a URL");
  }
  if (url.username || url.password) throw new OutboundError("badUrl", `${url.origin}: credentials in the address`);
  const plain = url.protocol === "http:" && (rulesFor(purpose).plainHttp || url.hostname.endsWith(".onion"));
  if (url.protocol !== "https:" && !plain) throw new OutboundError("badUrl", `${url.origin}: ${url.protocol} refused`);
  if (isIP(url.hostname.replace(/^\[|\]$/g, ""))) await allowedAddresses(url.hostname, purpose);
  return url;
}

/** The lookup a connection makes: `allowedAddresses`, so the address connected to is one that was checked. */
function pinnedLookup(purpose: Purpose) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    allowedAddresses(hostname, purpose).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (!usable.length) {
          callback(new OutboundError("unreachable", `${hostname} has no IPv${wanted} address`), "", 0);
        } else if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, "", 0),
    );
  };
}

const agents = new Map<string, http.Agent>();

function agentFor(purpose: Purpose, protocol: string, keepAlive: boolean): http.Agent {
  const key = `${purpose} ${protocol} ${keepAlive}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive, lookup: pinnedLookup(purpose) };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Closes kept connections (a stopping server). */
export function closeOutboundConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export interface RequestOptions extends Limits {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  /** The address answered, after redirects. */
  url: string;
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** Every header as sent (names and values in turn), for a Headers object. */
  rawHeaders: string[];
  /** The body, cut off with an OutboundError past the size limit or the time limit. */
  body: Readable;
  /** The whole body. */
  bytes(): Promise<Buffer>;
  /** Stops reading the body. */
  cancel(): void;
}

const credentialHeaders = ["authorization", "cookie", "proxy-authorization"];

/**
 * One request, with the rules of `purpose` and the limits it gives (or the purpose's own). Any status is an
 * answer; failures to get one are OutboundErrors, logged here with their details.
 */
export async function outboundRequest(
  purpose: Purpose,
  target: string | URL,
  options: RequestOptions = {},
): Promise<OutboundResponse> {
  const rules = { ...rulesFor(purpose), ...definedLimits(options) };
  let url: URL | undefined;
  const timer = new AbortController();
  const timeout = setTimeout(
    () => timer.abort(new OutboundError("timeout", `no full answer within ${rules.timeoutMs} ms`)),
    rules.timeoutMs,
  );
  timeout.unref();
  const signal = options.signal ? AbortSignal.any([timer.signal, options.signal]) : timer.signal;
  try {
    url = await checkUrl(target, purpose);
    let method = (options.method ?? "GET").toUpperCase();
    let body = options.body;
    const headers = outgoingHeaders(options.headers ?? {});
    for (let hop = 0; ; hop++) {
      const response = await send(purpose, rules, url, method, headers, body, signal);
      const location = response.headers.location;
      if (response.statusCode! >= 300 && response.statusCode! < 400 && response.statusCode !== 304 && location) {
        response.destroy();
        if (hop >= rules.redirects) {
          throw new OutboundError(
            "redirect",
            `${url.origin} redirects (${response.statusCode}) to ${redacted(location)}`,
          );
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new OutboundError("redirect", `${url.origin} redirects to something that is not a URL`);
        }
        if (url.protocol === "https:" && next.protocol !== "https:") {
          throw new OutboundError("redirect", `${url.origin} redirects to ${next.origin}: https to http`);
        }
        await checkUrl(next, purpose);
        if (next.origin !== url.origin) {
          for (const name of Object.keys(headers)) {
            if (credentialHeaders.includes(name.toLowerCase())) delete headers[name];
          }
        }
        if (response.statusCode === 303 || (response.statusCode! <= 302 && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        url = next;
        continue;
      }
      return answer(purpose, url, response, rules, signal, () => clearTimeout(timeout));
    }
  } catch (thrown) {
    clearTimeout(timeout);
    const error = asOutboundError(signal.aborted ? (signal.reason ?? thrown) : thrown);
    logFailure(purpose, url ?? target, error);
    throw error;
  }
}

function definedLimits(limits: Limits): Limits {
  return Object.fromEntries(Object.entries(limits).filter(([k, v]) => v !== undefined && k in emptyLimits));
}
const emptyLimits: Required<Limits> = { timeoutMs: 0, connectTimeoutMs: 0, maxBytes: 0, redirects: 0 };

/**
 * Headers this module sets itself (the body's length, the connection's) are left out; so is a wish for compressed
 * answers, so that what is read is what the size limit counts.
 */
const ownHeaders = new Set([
  "accept-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "host",
  "keep-alive",
]);

function outgoingHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !ownHeaders.has(name.toLowerCase())));
}

function send(
  purpose: Purpose,
  rules: Rules,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method,
      headers: body ? { ...headers, "content-length": String(body.byteLength) } : headers,
      agent: agentFor(purpose, url.protocol, rules.keepAlive),
      signal,
    });
    const connectTimer = setTimeout(
      () => request.destroy(new OutboundError("timeout", `not connected within ${rules.connectTimeoutMs} ms`)),
      rules.connectTimeoutMs,
    );
    request.on("socket", (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once("connect", () => clearTimeout(connectTimer));
    });
    request.on("response", (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    request.on("error", (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.end(body);
  });
}

function answer(
  purpose: Purpose,
  url: URL,
  response: IncomingMessage,
  rules: Rules,
  signal: AbortSignal,
  done: () => void,
): OutboundResponse {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > rules.maxBytes) {
    response.destroy();
    done();
    throw new OutboundError("tooLarge", `${url.origin} announces ${declared} bytes (limit ${rules.maxBytes})`);
  }
  const onAbort = () => response.destroy(signal.reason as Error);
  signal.addEventListener("abort", onAbort, { once: true });
  // Read to the end, failed or given up (even before the first read): the connection and the timer are let go.
  const finish = () => {
    signal.removeEventListener("abort", onAbort);
    response.destroy();
    done();
  };
  async function* limited() {
    let size = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > rules.maxBytes) {
          throw new OutboundError("tooLarge", `${url.origin} sent more than ${rules.maxBytes} bytes`);
        }
        yield chunk;
      }
    } catch (thrown) {
      const error = asOutboundError(signal.aborted ? (signal.reason ?? thrown) : thrown);
      logFailure(purpose, url, error);
      throw error;
    } finally {
      finish();
    }
  }
  const body = Readable.from(limited(), { objectMode: false });
  body.once("close", finish);
  return {
    url: url.toString(),
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? "",
    headers: response.headers,
    rawHeaders: response.rawHeaders,
    body,
    async bytes() {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    cancel() {
      body.destroy();
    },
  };
}

const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
]);

function asOutboundError(error: unknown): OutboundError {
  const found = outboundErrorOf(error);
  if (found) return found;
  const e = error as { code?: string; name?: string; message?: string };
  if (e?.code === "ETIMEDOUT" || e?.name === "TimeoutError") return new OutboundError("timeout", String(e.message));
  const what = `${e?.code ?? e?.name ?? "error"}: ${String(e?.message ?? error).split("\n")[0]}`;
  return new OutboundError("unreachable", unreachableCodes.has(e?.code ?? "") ? what : `${what} (unexpected)`);
}

/** An address as the log shows it: no query (it can hold what a visitor sent), no credentials. */
function redacted(target: string | URL): string {
  try {
    const url = new URL(target);
    return `${url.protocol}//${url.host}${url.pathname}`.slice(0, 200);
  } catch {
    return "(not a URL)";
  }
}

export function logFailure(purpose: Purpose, target: string | URL, error: OutboundError): void {
  console.warn(`Outbound request (${purpose}) to ${redacted(target)} failed: ${error.reason}: ${error.detail}`);
}

/** GETs `url` and returns its body as text; anything but a 200 is an OutboundError "status". */
export async function fetchText(
  purpose: Purpose,
  url: string,
  { accept = "application/json", ...limits }: Limits & { accept?: string } = {},
): Promise<string> {
  const response = await outboundRequest(purpose, url, {
    ...limits,
    headers: { Accept: accept, "User-Agent": "Daftar" },
  });
  if (response.status !== 200) {
    response.cancel();
    const error = new OutboundError("status", `answered ${response.status}`, response.status);
    logFailure(purpose, url, error);
    throw error;
  }
  try {
    return (await response.bytes()).toString("utf8");
  } catch (error) {
    throw asOutboundError(error);
  }
}

/** GETs `url` and parses its JSON. */
export async function fetchJson(purpose: Purpose, url: string, limits: Limits = {}): Promise<unknown> {
  const text = await fetchText(purpose, url, limits);
  try {
    return JSON.parse(text);
  } catch {
    const error = new OutboundError("notJson", "the answer is not JSON");
    logFailure(purpose, url, error);
    throw error;
  }
}

/**
 * A `fetch` for libraries that take one (Octokit, the libSQL client), under `purpose`'s rules: redirects are
 * followed as the purpose allows, whatever the request asks.
 */
export function outboundFetch(purpose: Purpose, limits: Limits = {}) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const response = await outboundRequest(purpose, request.url, {
      ...limits,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body,
      signal: request.signal,
    });
    const headers = new Headers();
    for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
      headers.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
    }
    const empty = [204, 205, 304].includes(response.status) || request.method === "HEAD";
    if (empty) response.cancel();
    const answered = new Response(empty ? null : (Readable.toWeb(response.body) as ReadableStream<Uint8Array>), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    Object.defineProperty(answered, "url", { value: response.url });
    return answered;
  };
}

/** What isomorphic-git takes as its `http` client. */
export interface GitHttpClient {
  request(request: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: AsyncIterableIterator<Uint8Array> | Uint8Array[] | Uint8Array;
  }): Promise<{
    url: string;
    method?: string;
    statusCode: number;
    statusMessage: string;
    headers: Record<string, string>;
    body: AsyncIterableIterator<Uint8Array>;
  }>;
}

/** An HTTP client for isomorphic-git (git's smart HTTP), under `purpose`'s rules. */
export function gitHttpClient(purpose: Purpose, limits: Limits = {}): GitHttpClient {
  return {
    async request({ url, method = "GET", headers = {}, body }) {
      let payload: Uint8Array | undefined;
      if (body instanceof Uint8Array) payload = body;
      else if (body) {
        const chunks: Uint8Array[] = [];
        for await (const chunk of body) chunks.push(chunk);
        payload = Buffer.concat(chunks);
      }
      const response = await outboundRequest(purpose, url, { ...limits, method, headers, body: payload });
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      return {
        url: response.url,
        method,
        statusCode: response.status,
        statusMessage: response.statusText,
        headers: flat,
        body: response.body[Symbol.asyncIterator]() as AsyncIterableIterator<Uint8Array>,
      };
    },
  };
}
