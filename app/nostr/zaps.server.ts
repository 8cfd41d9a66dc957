/**
 * Zaps (NIP-57) to members. A member may give a lightning address (LUD-16); the server reads its pay endpoint
 * (LUD-06: callback, min and max amounts, and for zaps allowsNostr and nostrPubkey) and, given a zap request
 * the visitor's browser signed, checks it and asks the callback for an invoice, which the visitor's wallet
 * pays. The server does this and not the browser: the page may only talk to its own site, and the server
 * refuses private addresses. Nothing is paid through the site.
 */
import { bech32 } from "@scure/base";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getSatoshisAmountFromBolt11, validateZapRequest } from "nostr-tools/nip57";
import type { Event } from "nostr-tools/pure";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { MessageKey } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import { identityKey, siteOwner } from "~/auth/member-keys.server";
import { fetchJson, OutboundError } from "~/lib/outbound.server";

/** Bech32 strings (lnurl, npub …) up to this length are read. */
export const bech32Limit = 5000;
const payEndpointTimeoutMs = 5000;

/** The messages a refused zap request gets, word for word as wallets and clients know them. */
const zapRequestMessages: Record<string, MessageKey> = {
  "Invalid zap request JSON.": "nostr.zap.invalidJson",
  "Zap request is not a valid Nostr event.": "nostr.zap.notEvent",
  "Invalid signature on zap request.": "nostr.zap.badSignature",
  "Zap request doesn't have a 'p' tag.": "nostr.zap.noP",
  "Zap request 'p' tag is not valid hex.": "nostr.zap.badP",
  "Zap request 'e' tag is not valid hex.": "nostr.zap.badE",
  "Zap request doesn't have a 'relays' tag.": "nostr.zap.noRelays",
};

/**
 * Checks a zap request (the JSON of a signed kind 9734 event): valid JSON, a valid signed Nostr event, a p tag
 * of valid hex, an optional e tag of valid hex, a relays tag. Throws 400 with the message for the first
 * failure; returns the event.
 */
export function checkZapRequest(json: string): Event {
  const problem = validateZapRequest(json);
  if (problem !== null) {
    throw new ServiceError(400, zapRequestMessages[problem] ?? "nostr.zap.notEvent", { reason: problem });
  }
  const event = JSON.parse(json) as Event;
  if (event.kind !== 9734) throw new ServiceError(400, "nostr.zap.notEvent", { reason: "kind" });
  return event;
}

/** LUD-16: the pay endpoint of `name@domain` (http for .onion, and for closed networks when allowed). */
export function payEndpointUrl(address: string, allowHttp: boolean): string {
  const [name, domain] = address.toLowerCase().split("@") as [string, string];
  const plain = domain.endsWith(".onion") || (allowHttp && /^(localhost|\d+\.\d+\.\d+\.\d+)(:\d+)?$/.test(domain));
  return `${plain ? "http" : "https"}://${domain}/.well-known/lnurlp/${encodeURIComponent(name)}`;
}

/** LUD-01: a URL as bech32 with the prefix lnurl (upper case is as valid; lower case is what NIP-57 shows). */
export function encodeLnurl(url: string): string {
  return bech32.encode("lnurl", bech32.toWords(new TextEncoder().encode(url)), bech32Limit);
}

export interface PayEndpoint {
  callback: string;
  minSendable: number;
  maxSendable: number;
  allowsNostr: boolean;
  nostrPubkey: string | null;
  /** The pay endpoint's URL as an lnurl. */
  lnurl: string;
}

/** Reads a pay endpoint (LUD-06); refuses one that cannot be reached or read. */
export async function readPayEndpoint(url: string): Promise<PayEndpoint> {
  let body: unknown;
  try {
    body = await fetchJson("visitor", url, { timeoutMs: payEndpointTimeoutMs });
  } catch (error) {
    if (error instanceof OutboundError && error.reason === "notAllowed")
      throw new ServiceError(400, "nostr.verify.privateAddress");
    if (error instanceof OutboundError && (error.reason === "notJson" || error.reason === "tooLarge")) {
      throw new ServiceError(502, "nostr.zap.badEndpoint", { reason: error.reason });
    }
    throw new ServiceError(502, "nostr.zap.unreachable", {
      reason: error instanceof OutboundError ? error.reason : "unreachable",
    });
  }
  const b = (body ?? {}) as Record<string, unknown>;
  const min = Number(b.minSendable);
  const max = Number(b.maxSendable);
  if (
    b.tag !== "payRequest" ||
    typeof b.callback !== "string" ||
    !URL.canParse(b.callback) ||
    !Number.isSafeInteger(min) ||
    !Number.isSafeInteger(max) ||
    min < 1 ||
    max < min
  ) {
    throw new ServiceError(502, "nostr.zap.badEndpoint");
  }
  const nostrPubkey = typeof b.nostrPubkey === "string" && /^[0-9a-f]{64}$/.test(b.nostrPubkey) ? b.nostrPubkey : null;
  return {
    callback: b.callback,
    minSendable: min,
    maxSendable: max,
    allowsNostr: b.allowsNostr === true && nostrPubkey !== null,
    nostrPubkey,
    lnurl: encodeLnurl(url),
  };
}

export interface ZapRecipient {
  userName: string;
  displayName: string;
  pubkey: string;
  lightningAddress: string;
}

/** The member `userName` with what a zap needs (a key and a lightning address); 404 otherwise. */
export async function zapRecipient(db: Database, userName: string): Promise<ZapRecipient> {
  const row = await db
    .select()
    .from(users)
    .where(sql`${users.userName} = ${userName} collate nocase`)
    .get();
  const pubkey = row ? identityKey(row) : null;
  if (!row || !pubkey || !row.lightningAddress) throw new ServiceError(404, "nostr.zap.noAddress");
  return {
    userName: row.userName,
    displayName: row.displayName || row.userName,
    pubkey,
    lightningAddress: row.lightningAddress,
  };
}

/** The member whose identity key is `pubkey`, when they have a lightning address. */
export async function zapRecipientByKey(db: Database, pubkey: string): Promise<ZapRecipient | undefined> {
  const row = await db
    .select()
    .from(users)
    .where(or(eq(users.nostrPub, pubkey), and(isNull(users.nostrPub), eq(users.pub, pubkey))))
    .get();
  if (!row?.lightningAddress) return undefined;
  return {
    userName: row.userName,
    displayName: row.displayName || row.userName,
    pubkey,
    lightningAddress: row.lightningAddress,
  };
}

/** What a zap button needs to build its request: the recipient and their wallet's terms. */
export async function zapTerms(db: Database, userName: string, allowHttp: boolean) {
  const recipient = await zapRecipient(db, userName);
  const endpoint = await readPayEndpoint(payEndpointUrl(recipient.lightningAddress, allowHttp));
  if (!endpoint.allowsNostr) throw new ServiceError(422, "nostr.zap.notNostr");
  return {
    recipient: { userName: recipient.userName, displayName: recipient.displayName, pubkey: recipient.pubkey },
    lnurl: endpoint.lnurl,
    minSendable: endpoint.minSendable,
    maxSendable: endpoint.maxSendable,
    nostrPubkey: endpoint.nostrPubkey,
  };
}

/**
 * Checks the signed zap request for `userName` and `amount` (millisats) and asks the recipient's wallet for an
 * invoice (NIP-57 appendix B). Returns the invoice.
 */
export async function requestZapInvoice(
  db: Database,
  input: { user: string; amount: number; zapRequest: string },
  allowHttp: boolean,
): Promise<{ pr: string }> {
  const event = checkZapRequest(input.zapRequest);
  const recipient = await zapRecipient(db, input.user);
  const pTags = event.tags.filter((t) => t[0] === "p");
  if (pTags.length !== 1 || pTags[0]![1] !== recipient.pubkey) throw new ServiceError(400, "nostr.zap.wrongRecipient");
  const amountTag = event.tags.find((t) => t[0] === "amount")?.[1];
  if (amountTag !== undefined && amountTag !== String(input.amount))
    throw new ServiceError(400, "nostr.zap.amountMismatch");
  const endpoint = await readPayEndpoint(payEndpointUrl(recipient.lightningAddress, allowHttp));
  if (!endpoint.allowsNostr) throw new ServiceError(422, "nostr.zap.notNostr");
  if (input.amount < endpoint.minSendable || input.amount > endpoint.maxSendable) {
    throw new ServiceError(400, "nostr.zap.outOfRange", {
      vars: { min: Math.ceil(endpoint.minSendable / 1000), max: Math.floor(endpoint.maxSendable / 1000) },
    });
  }
  const callback = new URL(endpoint.callback);
  callback.searchParams.set("amount", String(input.amount));
  callback.searchParams.set("nostr", input.zapRequest);
  callback.searchParams.set("lnurl", endpoint.lnurl);
  let answer: Record<string, unknown>;
  try {
    answer = ((await fetchJson("visitor", callback.toString(), { timeoutMs: payEndpointTimeoutMs })) ?? {}) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (error instanceof OutboundError && error.reason === "notAllowed")
      throw new ServiceError(400, "nostr.verify.privateAddress");
    throw new ServiceError(502, "nostr.zap.unreachable");
  }
  const pr = answer.pr;
  if (answer.status === "ERROR" || typeof pr !== "string" || !/^ln[a-z0-9]+$/i.test(pr) || pr.length > bech32Limit) {
    // The wallet's own words go to the log, not to the caller.
    const said = typeof answer.reason === "string" ? `: ${JSON.stringify(answer.reason.slice(0, 200))}` : "";
    console.warn(`The lightning wallet of ${recipient.lightningAddress} gave no invoice${said}`);
    throw new ServiceError(502, "nostr.zap.badEndpoint", { reason: "noInvoice" });
  }
  // LUD-06: the invoice must be for the amount asked.
  let sats = 0;
  try {
    sats = getSatoshisAmountFromBolt11(pr);
  } catch {
    // An invoice whose amount cannot be read here (another network's) is the wallet's to check.
  }
  if (sats > 0 && sats * 1000 !== input.amount)
    throw new ServiceError(502, "nostr.zap.badEndpoint", { reason: "amount" });
  return { pr };
}

/** The lightning address a member gives, cleaned; null to remove it. */
export async function setLightningAddress(db: Database, userId: number, address: string | null): Promise<void> {
  await db.update(users).set({ lightningAddress: address, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The site owner's user name when they take zaps (a key and a lightning address), else null. */
export async function zappableOwner(db: Database): Promise<string | null> {
  const owner = await siteOwner(db);
  if (!owner?.pubkey) return null;
  const row = await db.select({ address: users.lightningAddress }).from(users).where(eq(users.id, owner.id)).get();
  return row?.address ? owner.userName : null;
}
