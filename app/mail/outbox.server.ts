/**
 * The outbox: every message the site sends is a row here first, and is sent by whichever instance claims it
 * (decision 036). A claim is a conditional update that also marks the row "sending", written before the SMTP
 * transaction begins; it is renewed while the transaction lasts. So:
 * - two instances never send one row at once (only one update wins);
 * - a sender that dies leaves its row "sending" with a claim that runs out: the row is sent again, with the same
 *   Message-ID (given when the row was made), so a repeat is recognisably the same message. Nothing is lost; a
 *   message is sent twice only when the sender died after the server took it and before "sent" was written.
 * A failure (the server refuses, is down, or does not answer) waits longer after each attempt (10 s, 20 s, … up
 * to an hour) and gives up after `MAX_ATTEMPTS`. A sent message keeps its headers and drops its body: its links
 * are credentials.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { instanceId } from "~/cluster/instance.server";
import { everyPeriod } from "~/cluster/leases.server";
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import type { ComposedMessage } from "./compose.server";
import { mailRoute, type MailRoute } from "./smtp-settings.server";
import {
  connect,
  MailFailure,
  type DeliveryOptions,
  type MailConnection,
  type MailFailureReason,
} from "./transport.server";

/** How long a claim holds without being renewed (renewed every third of it while the transaction runs). */
export const CLAIM_MS = 60_000;
export const OUTBOX_EVERY_MS = 3_000;
export const MAX_ATTEMPTS = 10;
const BACKOFF_FIRST_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;
/** Sent and failed messages are kept this long on the dashboard, then removed. */
const KEEP_MS = 30 * 24 * 60 * 60_000;
/** Rows one pass works through at most (the next pass, straight after, takes the rest). */
const PASS_LIMIT = 500;
/** Messages handed to the server at once, on as many pooled connections: all a killed sender can leave half-sent. */
export const IN_FLIGHT = 8;
/** Rows one claim takes (a statement for several rows; each is handed over within moments of its claim). */
const CLAIM_BATCH = 8;
/** How long one turn of the outbox's lease keeps passing back to back while rows are due. */
const TURN_MS = 60_000;

/**
 * Messages carrying a link that lasts an hour (the accounts' links): one still waiting after that would arrive
 * dead, so it is dropped ("failed", reason "expired") instead of sent.
 */
const LINK_KINDS = ["addressConfirm", "passwordReset"];
export const LINK_MESSAGE_LIFETIME_MS = 60 * 60_000;

export type MailKind =
  | "addressConfirm"
  | "passwordReset"
  | "addressChanged"
  | "test"
  // Notices (app/comments/notices.server.ts, app/nostr/inbox-notice.server.ts)
  | "commentWaiting"
  | "moderationDigest"
  | "commentApproved"
  | "commentReply"
  | "newMessage"
  // The newsletter (app/newsletter)
  | "newsletterConfirm"
  | "newsletter"
  // Anonymous commenters' addresses (app/comments/commenter-addresses.server.ts)
  | "commenterConfirm";

/**
 * The order due messages are claimed in, lowest first: a link someone waits for (and the test message) before
 * notices, notices before the newsletter, so a newsletter's thousands of rows never hold up a password reset.
 */
export function mailPriority(kind: MailKind): number {
  if (kind === "addressConfirm" || kind === "passwordReset" || kind === "addressChanged" || kind === "test") return 0;
  return kind === "newsletter" ? 2 : 1;
}

export function backoff(attempts: number): number {
  return Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** A Message-ID in the site's own domain. */
function newMessageId(): string {
  const siteUrl = config().siteUrl;
  return `<${randomUUID()}@${siteUrl ? new URL(siteUrl).hostname : "daftar.localhost"}>`;
}

export interface QueuedMessage {
  kind: MailKind;
  to: string;
  locale: Locale;
  message: ComposedMessage;
  /** The message's unsubscribe link (see unsubscribe.server.ts): sent as its List-Unsubscribe header. */
  unsubscribe?: string;
  now?: number;
}

function outboxRow({ kind, to, locale, message, unsubscribe, now = Date.now() }: QueuedMessage) {
  return {
    messageId: newMessageId(),
    kind,
    priority: mailPriority(kind),
    recipient: to,
    locale,
    subject: message.subject,
    html: message.html,
    text: message.text,
    unsubscribeUrl: unsubscribe ?? null,
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
    updatedAt: new Date(now),
  };
}

/** Puts a composed message in the outbox; it is sent on the next pass of whichever instance claims it. */
export async function queueMail(db: Database, queued: QueuedMessage): Promise<{ id: number; messageId: string }> {
  const [row] = await queueMails(db, [queued]);
  return row!;
}

/**
 * Puts many messages in the outbox in one statement (a newsletter's batch): inside a write transaction, that keeps
 * the database's write lock for one round trip instead of one per message. Returns their rows in the order given.
 */
export async function queueMails(
  db: Database,
  queued: readonly QueuedMessage[],
): Promise<{ id: number; messageId: string }[]> {
  if (queued.length === 0) return [];
  const rows = queued.map(outboxRow);
  const made = await db
    .insert(mailOutbox)
    .values(rows)
    .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId })
    .all();
  // The order RETURNING gives its rows in is not promised: each is matched to its message by its Message-ID.
  const ids = new Map(made.map((row) => [row.messageId, row.id]));
  return rows.map(({ messageId }) => ({ id: ids.get(messageId)!, messageId }));
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims due rows and marks them "sending" in one statement, returning those this claimer won (a row another
 * claimer took, or that is no longer due, is left out). `now` is read at the claim, not at the start of the pass:
 * a long pass must not claim rows until a time already past. Rows are claimed a few at a time, just before their
 * messages are handed over, so a sender that dies leaves "sending" only a few rows besides those in flight.
 */
async function claim(db: Database, ids: number[], now: number, holder: string): Promise<OutboxRow[]> {
  const won = await db
    .update(mailOutbox)
    .set({ state: "sending", claimedBy: holder, claimedUntil: new Date(now + CLAIM_MS), updatedAt: new Date(now) })
    .where(
      and(inArray(mailOutbox.id, ids), eq(mailOutbox.state, "pending"), lte(mailOutbox.nextAttemptAt, new Date(now))),
    )
    .returning();
  return won.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

/**
 * Rows left "sending" by a sender whose claim ran out (it died or lost the database mid-send) go back to the
 * queue, due at once: the server may or may not have taken the message, and losing it is worse than a repeat
 * with the same Message-ID.
 */
export async function reconcileInterrupted(db: Database, now = Date.now()): Promise<number> {
  const back = await db
    .update(mailOutbox)
    .set({
      state: "pending",
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: "interrupted",
      nextAttemptAt: new Date(now),
      claimedBy: null,
      claimedUntil: null,
      updatedAt: new Date(now),
    })
    .where(and(eq(mailOutbox.state, "sending"), lt(mailOutbox.claimedUntil, new Date(now))))
    .returning({ id: mailOutbox.id });
  if (back.length) console.warn(`Mail: ${back.length} message(s) interrupted mid-send are queued again.`);
  return back.length;
}

/** Waiting link messages older than their link: failed with the reason "expired", never sent. */
export async function dropDeadLinks(db: Database, now = Date.now()): Promise<number> {
  const dropped = await db
    .update(mailOutbox)
    .set({ state: "failed", lastError: "expired", html: "", text: "", updatedAt: new Date(now) })
    .where(
      and(
        eq(mailOutbox.state, "pending"),
        inArray(mailOutbox.kind, LINK_KINDS),
        lt(mailOutbox.createdAt, new Date(now - LINK_MESSAGE_LIFETIME_MS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return dropped.length;
}

/**
 * Keeps this holder's claims while a pass runs: every row it has "sending" is renewed to a full `CLAIM_MS` from
 * the clock's time, however long the pass lasts (one statement for all of them).
 */
async function holding<T>(
  db: Database,
  holder: string,
  { clock, renewEveryMs }: { clock: () => number; renewEveryMs: number },
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(() => {
    void db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(clock() + CLAIM_MS) })
      .where(and(eq(mailOutbox.claimedBy, holder), eq(mailOutbox.state, "sending")))
      .catch(() => undefined);
  }, renewEveryMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export interface OutboxPassOptions {
  /** The clock, read at each claim and each outcome: tests move it instead of waiting. */
  clock?: () => number;
  /** A clock stopped at this time (a shorthand for tests that move it between passes). */
  now?: number;
  /** How often a claim is renewed while a message is sent (a third of `CLAIM_MS`; tests renew sooner). */
  renewEveryMs?: number;
  /** Who claims (tests run several claimers in one process). */
  holder?: string;
  delivery?: DeliveryOptions;
  /** Rows one pass works through at most. */
  limit?: number;
}

export interface OutboxPass {
  sent: number;
  /** Whether due rows were left for another pass (the pass reached its limit). */
  more: boolean;
}

/**
 * One pass: interrupted rows back in the queue, then each due row claimed and sent, up to `IN_FLIGHT` at once on
 * pooled connections. The first message goes alone: a server that cannot be reached then holds up one message,
 * not `IN_FLIGHT` of them. Returns how many were sent.
 */
export async function processOutbox(db: Database, options: OutboxPassOptions = {}): Promise<number> {
  return (await outboxPass(db, options)).sent;
}

export async function outboxPass(db: Database, options: OutboxPassOptions = {}): Promise<OutboxPass> {
  const { holder = instanceId, delivery, renewEveryMs = CLAIM_MS / 3, limit = PASS_LIMIT } = options;
  const fixed = options.now;
  const clock = options.clock ?? (fixed === undefined ? Date.now : () => fixed);
  const now = clock();
  await reconcileInterrupted(db, now);
  await dropDeadLinks(db, now);
  const route = await mailRoute(db);
  if (!route) return { sent: 0, more: false };
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.state, "pending"), lte(mailOutbox.nextAttemptAt, new Date(now))))
    .orderBy(asc(mailOutbox.priority), asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .all();
  if (due.length === 0) return { sent: 0, more: false };
  let connection: MailConnection;
  try {
    connection = await connect(route, delivery, IN_FLIGHT);
  } catch (thrown) {
    // The server's address is refused or unknown: every message would fail alike; the first one records why.
    const [row] = await claim(db, [due[0]!.id], clock(), holder);
    if (row) await recordFailure(db, row, thrown, clock, holder);
    return { sent: 0, more: false };
  }
  let sent = 0;
  let stop = false;
  let next = 0;
  // Rows claimed and not yet handed over; one claim at a time fills it, for every sender.
  const claimed: OutboxRow[] = [];
  let claiming: Promise<void> | undefined;
  const take = async (count: number): Promise<OutboxRow | undefined> => {
    while (!stop && claimed.length === 0 && next < due.length) {
      claiming ??= claim(
        db,
        due.slice(next, (next += count)).map((row) => row.id),
        clock(),
        holder,
      ).then((rows) => void claimed.push(...rows));
      await claiming.finally(() => (claiming = undefined));
    }
    return stop ? undefined : claimed.shift();
  };
  const sendAll = async (count: number, once: boolean): Promise<void> => {
    for (let row = await take(count); row; row = once ? undefined : await take(count)) {
      const outcome = await send(db, row, route, connection, clock, holder);
      if (outcome === "sent") sent++;
      // A server that cannot be reached (or will not let us in) fails every message alike: the rest wait for the
      // next pass instead of each waiting out the same timeout now.
      else if (serverFailures.has(outcome)) stop = true;
    }
  };
  try {
    await holding(db, holder, { clock, renewEveryMs }, async () => {
      // The first delivered message shows the server answers; then the rest go several at a time.
      while (!stop && sent === 0 && next < due.length) await sendAll(1, true);
      await Promise.all(Array.from({ length: IN_FLIGHT }, () => sendAll(CLAIM_BATCH, false)));
    });
  } finally {
    connection.close();
    // Claimed and never handed over (the pass stopped): back in the queue as they were, not sent, not attempted.
    if (claimed.length) {
      await db
        .update(mailOutbox)
        .set({ state: "pending", claimedBy: null, claimedUntil: null })
        .where(
          and(
            inArray(
              mailOutbox.id,
              claimed.map((row) => row.id),
            ),
            eq(mailOutbox.claimedBy, holder),
            eq(mailOutbox.state, "sending"),
          ),
        );
    }
  }
  return { sent, more: !stop && due.length === limit };
}

const serverFailures = new Set<MailFailureReason>(["timeout", "unreachable", "notAllowed", "tls", "auth"]);

async function send(
  db: Database,
  row: OutboxRow,
  route: MailRoute,
  connection: MailConnection,
  clock: () => number,
  holder: string,
): Promise<"sent" | MailFailureReason> {
  try {
    const locale = row.locale === "en" ? "en" : "fa";
    await connection.send({
      messageId: row.messageId,
      to: row.recipient,
      fromName: route.from.name[locale],
      subject: row.subject,
      html: row.html,
      text: row.text,
      language: locale,
      unsubscribe: row.unsubscribeUrl ?? undefined,
    });
  } catch (thrown) {
    return recordFailure(db, row, thrown, clock, holder);
  }
  // Written as soon as the server took it: the window in which a kill leaves a delivered message "sending" (to be
  // sent again) is this one statement.
  await db
    .update(mailOutbox)
    .set({
      state: "sent",
      attempts: row.attempts + 1,
      sentAt: new Date(clock()),
      html: "",
      text: "",
      unsubscribeUrl: null,
      lastError: null,
      claimedBy: null,
      claimedUntil: null,
      updatedAt: new Date(clock()),
    })
    .where(mine(row.id, holder));
  return "sent";
}

function mine(id: number, holder: string) {
  return and(eq(mailOutbox.id, id), eq(mailOutbox.claimedBy, holder), eq(mailOutbox.state, "sending"));
}

async function recordFailure(
  db: Database,
  row: OutboxRow,
  thrown: unknown,
  clock: () => number,
  holder: string,
): Promise<MailFailureReason> {
  const reason: MailFailureReason = thrown instanceof MailFailure ? thrown.reason : "other";
  if (thrown instanceof MailFailure) console.warn(`Mail ${row.messageId} not sent: ${reason}: ${thrown.detail}`);
  else console.error(`Mail ${row.messageId} not sent:`, thrown);
  const attempts = row.attempts + 1;
  await db
    .update(mailOutbox)
    .set({
      state: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      attempts,
      nextAttemptAt: new Date(clock() + backoff(attempts)),
      lastError: reason,
      claimedBy: null,
      claimedUntil: null,
      updatedAt: new Date(clock()),
    })
    .where(mine(row.id, holder));
  return reason;
}

/** A message as the dashboard lists it: never its body. */
export interface OutboxEntry {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  state: OutboxRow["state"];
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}

export async function recentMail(db: Database, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      state: mailOutbox.state,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit)
    .all();
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  }));
}

/** Removes sent and failed messages older than the dashboard keeps them. */
export async function pruneOutbox(db: Database, now = Date.now()): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(
      and(
        or(eq(mailOutbox.state, "sent"), eq(mailOutbox.state, "failed")),
        lt(mailOutbox.updatedAt, new Date(now - KEEP_MS)),
      ),
    );
}

/** The outbox worked through on whichever instance holds the period's lease, every few seconds. */
export function startMailing(): () => Promise<void> {
  return everyPeriod(
    "mail-outbox",
    OUTBOX_EVERY_MS,
    async (db, turn) => {
      // Passes back to back while a pass leaves due rows behind, so a queue of thousands drains in one turn (only
      // while this instance still holds the lease: one instance at a time opens its connections).
      const until = Date.now() + TURN_MS;
      while ((await outboxPass(db)).more && turn.held() && Date.now() < until);
      await pruneOutbox(db);
    },
    { firstAfterMs: 1_000 },
  );
}
