/**
 * The server's own requests to other sites on a visitor's behalf (another domain's Nostr names, a lightning
 * pay endpoint, a gist): https only, never to this machine or a private network (so nobody can make the site
 * probe its own network), no redirects followed, a time limit, and a cap on what is read.
 * OUTBOUND_ALLOW_PRIVATE=true lifts the address rule (and allows http) for tests and closed networks.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { config } from "~/config.server";
import { isInternalAddress } from "~/install/database-url.server";

export type OutboundProblem = "badUrl" | "private" | "unreachable" | "status" | "tooLarge" | "notJson";

export class OutboundError extends Error {
  constructor(readonly problem: OutboundProblem) {
    super(problem);
    this.name = "OutboundError";
  }
}

const maxBytes = 256 * 1024;

/** The URL, checked: its scheme, and the addresses its host name resolves to. */
export async function checkedUrl(text: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError("badUrl");
  }
  const allowPrivate = config().outboundAllowPrivate;
  const onion = url.hostname.endsWith(".onion");
  if (url.username || url.password) throw new OutboundError("badUrl");
  if (url.protocol !== "https:" && !(url.protocol === "http:" && (allowPrivate || onion)))
    throw new OutboundError("badUrl");
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new OutboundError("unreachable");
  }
  if (addresses.length === 0) throw new OutboundError("unreachable");
  if (addresses.some(isInternalAddress)) throw new OutboundError("private");
  return url;
}

/** GETs `url` and returns its body as text, within `timeoutMs`. */
export async function fetchText(text: string, timeoutMs: number, accept = "application/json"): Promise<string> {
  const url = await checkedUrl(text);
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: accept, "User-Agent": "Daftar" },
    });
  } catch {
    throw new OutboundError("unreachable");
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new OutboundError("status");
  }
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new OutboundError("tooLarge");
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new OutboundError("tooLarge");
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError("unreachable");
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** GETs `url` and parses its JSON. */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const text = await fetchText(url, timeoutMs);
  try {
    return JSON.parse(text);
  } catch {
    throw new OutboundError("notJson");
  }
}
