/**
 * What the relay does with an EVENT: checks it (shape, sizes, id, signature, time) and decides by kind whether
 * it keeps it. It keeps members' profile metadata (kind 0) and gift-wrapped messages (kind 1059) addressed to
 * members; its authors' deletion requests (kind 5, NIP-09) of events it holds; comments (kind 1111) it publishes itself for approved comments and takes from nobody else. What
 * anyone may have it store is bounded: messages from non-members carry proof of work and fall under quotas per
 * address and per recipient, every address has a daily quota of bytes, and zap receipts cost from the address's
 * wallet budget. Every refusal is an OK message's reason with its NIP-01 prefix.
 */
import { getPow } from "nostr-tools/nip13";
import { validateZapRequest } from "nostr-tools/nip57";
import type { Event } from "nostr-tools/pure";
import { hit, limits, type Limit } from "~/db/rate-limit.server";
import type { Database } from "~/db/client.server";
import { config } from "~/config.server";
import { memberKeysAmong } from "~/auth/member-keys.server";
import { schnorrProblem } from "~/keys/verify-event.server";
import { payEndpointUrl, readPayEndpoint, zapRecipientByKey } from "../zaps.server";
import { deletionRefusal } from "./deletion.server";
import { kinds, relayLimits } from "./limits";

const hex64 = /^[0-9a-f]{64}$/;

/** Whether the event's date is acceptable now. */
export function timeProblem(event: Event, now = Math.floor(Date.now() / 1000)): string | undefined {
  if (event.created_at > now + relayLimits.createdAtUpperLimit)
    return "invalid: event creation date is too far in the future";
  if (event.kind === kinds.giftWrap && event.created_at < now - relayLimits.createdAtLowerLimit) {
    return "invalid: event creation date is too far in the past";
  }
  return undefined;
}

/** Who is sending an event, as far as the relay knows. */
export interface Sender {
  /** The keys the connection has authenticated as (NIP-42). */
  writers: ReadonlySet<string>;
  /** The client's address (an IPv4 address or an IPv6 /64), for quotas. */
  address: string;
  /** The bytes of the EVENT message. */
  bytes: number;
}

/** Quotas counted together, and the refusal when any of them is used up. */
export interface QuotaGroup {
  counts: { limit: Limit; subject: string; amount: number }[];
  refusal: (retryAfterSeconds: number) => string;
}

/**
 * Keep the event, once its quotas are counted in the transaction that stores it (and whether it is a
 * stranger's gift wrap); or refuse it with a reason.
 */
export type Decision = { keep: true; fromStranger: boolean; quotas: QuotaGroup[] } | { keep: false; reason: string };

const refuse = (reason: string): Decision => ({ keep: false, reason });

/**
 * Whether the relay keeps this event (its id already checked) from this sender. A member authenticated on the
 * connection may also send messages to people who are not members (answers to visitors). The signature is
 * checked where refusing first is cheapest: a stranger's gift wrap without proof of work costs a hash, not a
 * signature check. The quotas it returns are counted by `countQuotas` where the event is stored, so that only
 * events the relay would keep use them up.
 */
export async function policyDecision(db: Database, event: Event, sender: Sender): Promise<Decision> {
  const quotas: QuotaGroup[] = [];
  let fromStranger = false;
  const signature = () => schnorrProblem(event);
  switch (event.kind) {
    case kinds.metadata: {
      const bad = signature();
      if (bad) return refuse(bad);
      const members = await memberKeysAmong(db, [event.pubkey]);
      if (!members.has(event.pubkey))
        return refuse("blocked: this relay keeps the profiles of this site's members only");
      break;
    }
    case kinds.giftWrap: {
      const recipients = event.tags.filter((t) => t[0] === "p").map((t) => t[1]!);
      if (recipients.length !== 1 || !hex64.test(recipients[0]!)) {
        return refuse("invalid: a gift wrap must name exactly one recipient in a p tag");
      }
      const recipient = recipients[0]!;
      const members = await memberKeysAmong(db, [recipient, ...sender.writers]);
      fromStranger = ![...sender.writers].some((key) => members.has(key));
      if (!fromStranger) {
        const bad = signature();
        if (bad) return refuse(bad);
        break;
      }
      if (!members.has(recipient))
        return refuse("blocked: this relay keeps messages addressed to this site's members only");
      const pow = powProblem(event, config().relayPowDifficulty);
      if (pow) return refuse(pow);
      const bad = signature();
      if (bad) return refuse(bad);
      quotas.push(
        {
          counts: [
            { limit: limits.strangerWrapsByAddress, subject: sender.address, amount: 1 },
            { limit: limits.strangerWrapBytesByAddress, subject: sender.address, amount: sender.bytes },
          ],
          refusal: (seconds) =>
            `rate-limited: people who are not members may send ${limits.strangerWrapsByAddress.max} messages (${limits.strangerWrapBytesByAddress.max / 1e6} MB) an hour from one address; try again in ${minutes(seconds)}`,
        },
        {
          counts: [
            { limit: limits.strangerWrapsByRecipient, subject: recipient, amount: 1 },
            { limit: limits.strangerWrapBytesByRecipient, subject: recipient, amount: sender.bytes },
          ],
          refusal: (seconds) =>
            `restricted: this member takes no more messages from people who are not members for now; try again in ${minutes(seconds)}`,
        },
      );
      break;
    }
    case kinds.deletion: {
      const bad = signature();
      if (bad) return refuse(bad);
      // Refused early here; judged again in the transaction that honours it (`honourDeletion`).
      const refusal = await deletionRefusal(db, event);
      if (refusal) return refuse(refusal);
      break;
    }
    case kinds.comment:
      return refuse("blocked: comments are written on the site's pages, where they are moderated");
    case kinds.zapReceipt: {
      const problem = signature() ?? (await zapReceiptProblem(db, event, sender.address));
      if (problem) return refuse(problem);
      break;
    }
    default:
      return refuse(
        "blocked: this relay keeps profiles (kind 0), deletions (kind 5), comments (kind 1111), messages (kind 1059) and zap receipts (kind 9735) only",
      );
  }
  quotas.push({
    counts: [{ limit: limits.relayBytesByAddress, subject: sender.address, amount: sender.bytes }],
    refusal: (seconds) =>
      `rate-limited: this relay keeps no more from your address today; try again in ${minutes(seconds)}`,
  });
  const known = knownOver(quotas);
  return known ? refuse(known) : { keep: true, fromStranger, quotas };
}

/**
 * Counts `groups` in order, in `tx` (the transaction that stores the event): the first group used up gives the
 * refusal, and the groups after it are not counted (an address past its own quota does not use up its
 * recipient's). Undefined when all are within their limits.
 */
export async function countQuotas(tx: Database, groups: QuotaGroup[]): Promise<string | undefined> {
  for (const group of groups) {
    let wait = 0;
    for (const { limit, subject, amount } of group.counts) {
      const counted = await hit(tx, limit, subject, amount);
      if (!counted.allowed) {
        overUntil.set(`${limit.name}:${subject}`, Date.now() + counted.retryAfter * 1000);
        wait = Math.max(wait, counted.retryAfter);
      }
    }
    if (wait > 0) return group.refusal(wait);
  }
  return undefined;
}

/**
 * Quotas found used up, remembered by this instance until their window ends: a sender past one is refused again
 * without writing to the database. (Another instance learns it from its own first refusal.)
 */
const overUntil = new Map<string, number>();

function knownOver(groups: QuotaGroup[]): string | undefined {
  const now = Date.now();
  if (overUntil.size > 10_000) {
    for (const [key, until] of overUntil) if (until <= now) overUntil.delete(key);
    // Only a shortcut: the database still counts whatever this forgets.
    if (overUntil.size > 10_000) overUntil.clear();
  }
  for (const group of groups) {
    for (const { limit, subject } of group.counts) {
      const until = overUntil.get(`${limit.name}:${subject}`) ?? 0;
      if (until > now) return group.refusal(Math.ceil((until - now) / 1000));
    }
  }
  return undefined;
}

/**
 * Proof of work (NIP-13): the id has at least `difficulty` leading zero bits, and the nonce tag commits to at
 * least that target (so a flood aimed lower does not pass when it happens to be lucky).
 */
export function powProblem(event: Event, difficulty: number): string | undefined {
  if (difficulty <= 0) return undefined;
  const committed = Number(event.tags.find((t) => t[0] === "nonce")?.[2]);
  if (getPow(event.id) >= difficulty && committed >= difficulty) return undefined;
  return `pow: messages from people who are not members need proof of work of ${difficulty} bits (NIP-13), committed in a nonce tag`;
}

/** "1 minute", "25 minutes", "3 hours". */
function minutes(seconds: number): string {
  const count = seconds > 90 * 60 ? Math.ceil(seconds / 3600) : Math.max(1, Math.ceil(seconds / 60));
  const unit = seconds > 90 * 60 ? "hour" : "minute";
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** Wallet checks of zap receipts in flight on this instance. */
let walletChecks = 0;

/**
 * A zap receipt is kept when it is for a member and really from their wallet (NIP-57 appendix F): its
 * description is a valid zap request to the same member, and it is signed by the nostrPubkey their lightning
 * address's pay endpoint names. Asking the wallet costs from the sender's wallet budget, and only a few are
 * asked at once.
 */
async function zapReceiptProblem(db: Database, event: Event, address: string): Promise<string | undefined> {
  const p = event.tags.filter((t) => t[0] === "p");
  if (p.length !== 1 || !hex64.test(p[0]![1] ?? "")) return "invalid: a zap receipt names one recipient in a p tag";
  const description = event.tags.find((t) => t[0] === "description")?.[1];
  if (!description || validateZapRequest(description) !== null)
    return "invalid: the description is not a valid zap request";
  const request = JSON.parse(description) as Event;
  if (request.tags.find((t) => t[0] === "p")?.[1] !== p[0]![1]) return "invalid: the zap request is for someone else";
  const recipient = await zapRecipientByKey(db, p[0]![1]!);
  if (!recipient) return "blocked: this relay keeps zap receipts for this site's members only";
  const budget: QuotaGroup = {
    counts: [{ limit: limits.walletByAddress, subject: address, amount: 1 }],
    refusal: (seconds) => `rate-limited: too many wallet checks from your address; try again in ${minutes(seconds)}`,
  };
  const over = knownOver([budget]) ?? (await countQuotas(db, [budget]));
  if (over) return over;
  if (walletChecks >= relayLimits.walletChecksInFlight) {
    return "rate-limited: the relay is checking other receipts; try again in a moment";
  }
  walletChecks += 1;
  try {
    const endpoint = await readPayEndpoint(
      payEndpointUrl(recipient.lightningAddress, config().outboundAllowPrivate !== false),
    );
    if (endpoint.nostrPubkey !== event.pubkey) return "invalid: the receipt is not signed by the recipient's wallet";
  } catch {
    return "error: the recipient's wallet could not be asked, try again later";
  } finally {
    walletChecks -= 1;
  }
  return undefined;
}
