/**
 * Subscribing with double opt-in, keeping nothing before the click: the confirmation link itself carries the
 * address, the languages and the message language, signed by the site and expiring, so an address someone typed
 * is written only when its holder opens the link and confirms. Asking answers the same whether the address is
 * subscribed already or not (a new link lets a subscriber change their languages), within a budget per client
 * and per address.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { hit, limits, refuseOverLimit } from "~/db/rate-limit.server";
import { mailOutbox, newsletterDeliveries, newsletterRemovals, newsletterSubscribers } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import type { Locale } from "~/i18n/locales";
import { linkSigned, signLink } from "~/keys/link-signature.server";
import { addressKey } from "~/lib/address-key.server";
import { composeMessage } from "~/mail/compose.server";
import { queueMail } from "~/mail/outbox.server";
import type { NewsletterLanguages } from "./schema";

/** How long a confirmation link works. */
export const CONFIRM_LIFETIME_MS = 48 * 60 * 60_000;

export interface Subscription {
  email: string;
  languages: NewsletterLanguages;
  /** The language of the messages (the page's where they subscribed). */
  locale: Locale;
  /** When its link was made (epoch milliseconds): a link older than the subscriber's last change changes nothing. */
  issuedAt?: number;
}

interface LinkPayload {
  e: string;
  l: NewsletterLanguages;
  m: Locale;
  /** Expiry, epoch milliseconds. */
  x: number;
}

const purpose = "newsletter-confirm\n";

export async function confirmationToken(db: Database, subscription: Subscription, now = Date.now()) {
  const payload: LinkPayload = {
    e: subscription.email,
    l: subscription.languages,
    m: subscription.locale,
    x: now + CONFIRM_LIFETIME_MS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${await signLink(db, purpose + body)}`;
}

/** What a confirmation token says, when the site signed it and it has not expired; null otherwise. */
export async function readConfirmationToken(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<Subscription | null> {
  if (token.length > 800) return null;
  const [body, signature, ...rest] = token.split(".");
  if (rest.length || !body || !signature || !(await linkSigned(db, purpose + body, signature))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as LinkPayload;
    if (typeof payload.x !== "number" || payload.x < now) return null;
    if (!["fa", "en", "both"].includes(payload.l) || !["fa", "en"].includes(payload.m)) return null;
    if (typeof payload.e !== "string") return null;
    return { email: payload.e, languages: payload.l, locale: payload.m, issuedAt: payload.x - CONFIRM_LIFETIME_MS };
  } catch {
    return null;
  }
}

/**
 * The mailbox an address reaches, for counting what is sent to it: lowercase, without a "+tag", and for Gmail
 * without dots (which it ignores), so one mailbox cannot be asked for under many spellings.
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at).split("+")[0] || lower.slice(0, at);
  let domain = lower.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/**
 * Sends the confirmation link for `subscription` (the same answer for an address already subscribed: a fresh link
 * that, used, sets its languages again). Refused with 429 past the client's or the address's budget; past the
 * site's hourly cap, the same answer and nothing sent.
 */
export async function requestSubscription(
  db: Database,
  subscription: Subscription,
  {
    clientIp,
    origin,
    siteName,
    now = Date.now(),
  }: { clientIp: string; origin: string; siteName: string; now?: number },
): Promise<void> {
  // The address's budget is spent only by clients within their own: one client cannot use up another's address.
  refuseOverLimit(await hit(db, limits.newsletterByAddress, addressKey(clientIp || "unknown")));
  refuseOverLimit(await hit(db, limits.newsletterByTarget, mailboxKey(subscription.email)));
  if (!(await hit(db, limits.newsletterSiteWide, "site")).allowed) {
    console.warn("Newsletter: the hourly cap on confirmation messages is reached; a request was answered, none sent.");
    return;
  }
  const token = await confirmationToken(db, subscription, now);
  const link = `${origin}${subscription.locale === "en" ? "/en" : ""}/newsletter/confirm?token=${token}`;
  const message = await composeMessage(subscription.locale, siteName, {
    kind: "newsletterConfirm",
    link,
    hours: CONFIRM_LIFETIME_MS / 3_600_000,
    languages: subscription.languages,
  });
  await queueMail(db, { kind: "newsletterConfirm", to: subscription.email, locale: subscription.locale, message, now });
}

/** An address as the removals keep it: a hash, never the address. */
function removalKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

/**
 * Keeps the address the link names (or sets its languages again). Using a link twice changes nothing more; a link
 * made before the subscriber's last change keeps the newer choice, and one made before the address was removed is
 * refused (null): an old link cannot subscribe someone back.
 */
export async function confirmSubscription(
  db: Database,
  subscription: Subscription,
  now = Date.now(),
): Promise<number | null> {
  const same = sql`${newsletterSubscribers.email} = ${subscription.email} COLLATE NOCASE`;
  const { issuedAt } = subscription;
  if (issuedAt !== undefined) {
    const removed = await db
      .select({ at: newsletterRemovals.removedAt })
      .from(newsletterRemovals)
      .where(eq(newsletterRemovals.addressHash, removalKey(subscription.email)))
      .get();
    if (removed && removed.at.getTime() > issuedAt) return null;
    const current = await db
      .select({ id: newsletterSubscribers.id, updatedAt: newsletterSubscribers.updatedAt })
      .from(newsletterSubscribers)
      .where(same)
      .get();
    if (current && current.updatedAt.getTime() > issuedAt) return current.id;
  }
  const set = { languages: subscription.languages, locale: subscription.locale, updatedAt: new Date(now) };
  // Two confirmations at once: the unique index lets one insert win; the other updates the winner's row.
  await db
    .insert(newsletterSubscribers)
    .values({ email: subscription.email, ...set, confirmedAt: new Date(now), createdAt: new Date(now) })
    .onConflictDoNothing()
    .run();
  const row = (
    await db.update(newsletterSubscribers).set(set).where(same).returning({ id: newsletterSubscribers.id })
  )[0]!;
  return row.id;
}

export async function subscriberById(db: Database, id: number) {
  return db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).get();
}

/**
 * Forgets a subscriber (unsubscribing, or removed from the dashboard): the address is not kept, their newsletters
 * still waiting are not sent, and the sent ones keep no address. A hash of it is kept while a link made before
 * could still be used (see `confirmSubscription`).
 */
export async function removeSubscriber(db: Database, id: number, now = Date.now()): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const gone = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .returning({ email: newsletterSubscribers.email });
    if (!gone[0]) return false;
    const theirs = and(
      eq(mailOutbox.kind, "newsletter"),
      inArray(
        mailOutbox.id,
        tx
          .select({ id: newsletterDeliveries.outboxId })
          .from(newsletterDeliveries)
          .where(eq(newsletterDeliveries.subscriberId, id)),
      ),
    );
    await tx.delete(mailOutbox).where(and(theirs, eq(mailOutbox.state, "pending")));
    // A row being sent this moment keeps its address until it is done.
    await tx
      .update(mailOutbox)
      .set({ recipient: "" })
      .where(and(theirs, ne(mailOutbox.state, "sending")));
    await tx.delete(newsletterRemovals).where(lt(newsletterRemovals.removedAt, new Date(now - CONFIRM_LIFETIME_MS)));
    await tx
      .insert(newsletterRemovals)
      .values({ addressHash: removalKey(gone[0].email), removedAt: new Date(now) })
      .onConflictDoUpdate({ target: newsletterRemovals.addressHash, set: { removedAt: new Date(now) } });
    return true;
  });
}
