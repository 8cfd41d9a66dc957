/**
 * Sending the newsletter. Posts recorded by a build wait until they are due and public; then they become one send
 * (unique key "<build>@<due time>", so two instances make one), which is fanned out into the outbox a batch of
 * subscribers at a time. Each batch is one write transaction that inserts, per subscriber, the delivery row (its
 * primary key is (send, subscriber)) and the outbox row it names, and moves the send's cursor: a restart goes on
 * after the last batch committed, and a subscriber already queued is never queued again. Each subscriber gets one
 * message per send, in the language they subscribed in, listing the send's posts of their languages.
 */
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { everyPeriod } from "~/cluster/leases.server";
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import {
  mailOutbox,
  newsletterDeliveries,
  newsletterPosts,
  newsletterSends,
  newsletterSubscribers,
  pages,
} from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { localizePath, type Locale } from "~/i18n/locales";
import { configuredOrigin } from "~/lib/site-origin.server";
import { composeMessage, type ComposedMessage } from "~/mail/compose.server";
import { queueMails, type QueuedMessage } from "~/mail/outbox.server";
import { unsubscribeLink } from "~/mail/unsubscribe.server";
import { getAppConfig } from "~/settings/app-config.server";
import type { NewsletterLanguages } from "./schema";

/** Subscribers queued per transaction. */
export const FAN_OUT_BATCH = 500;
export const NEWSLETTER_EVERY_MS = 5_000;
/**
 * A due post that is not public yet is waited for this long (a scheduled post is released within seconds of its
 * time); one still not public after it (deleted, made a draft, moved again) is not sent.
 */
const RELEASE_GRACE_MS = 10 * 60_000;
/** Stands for the subscriber's own unsubscribe link in a message composed once for many. */
const LINK_MARK = "https://unsubscribe.invalid/mark";

/** Turns the due, public posts into sends; returns the ids of sends made by this call. */
export async function prepareSends(db: Database, now = Date.now()): Promise<number[]> {
  const waiting = await db
    .select()
    .from(newsletterPosts)
    .where(and(isNull(newsletterPosts.sendId), lte(newsletterPosts.dueAt, new Date(now))))
    .orderBy(asc(newsletterPosts.id))
    .limit(1_000)
    .all();
  const groups = new Map<string, typeof waiting>();
  for (const post of waiting) {
    const key = `${post.buildId}@${post.dueAt.getTime()}`;
    groups.set(key, [...(groups.get(key) ?? []), post]);
  }
  const made: number[] = [];
  for (const [key, posts] of groups) {
    const live: number[] = [];
    const lost: number[] = [];
    for (const post of posts) {
      const page = await db
        .select({ id: pages.id })
        .from(pages)
        .where(
          and(
            eq(pages.locale, post.locale),
            eq(pages.path, post.path),
            eq(pages.draft, false),
            eq(pages.withheld, false),
          ),
        )
        .get();
      if (page) live.push(post.id);
      else if (post.dueAt.getTime() < now - RELEASE_GRACE_MS) lost.push(post.id);
    }
    if (lost.length) await db.delete(newsletterPosts).where(inArray(newsletterPosts.id, lost));
    if (!live.length) continue;
    await writeTransaction(db, async (tx) => {
      const created = await tx
        .insert(newsletterSends)
        .values({ key, buildId: posts[0]!.buildId, createdAt: new Date(now), updatedAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ id: newsletterSends.id });
      const send = (await tx.select().from(newsletterSends).where(eq(newsletterSends.key, key)).get())!;
      await tx
        .update(newsletterPosts)
        .set({ sendId: send.id })
        .where(and(inArray(newsletterPosts.id, live), isNull(newsletterPosts.sendId)));
      if (created.length) made.push(send.id);
    });
  }
  return made;
}

export interface FanOutContext {
  origin: string;
  siteName: { fa: string; en: string };
  now?: number;
  batch?: number;
}

/**
 * Queues one batch of a send's messages. Returns how many were queued, or null when every subscriber has had
 * theirs (the send is then marked queued).
 */
export async function fanOutBatch(db: Database, sendId: number, context: FanOutContext): Promise<number | null> {
  const { origin, siteName, now = Date.now(), batch = FAN_OUT_BATCH } = context;
  const send = await db.select().from(newsletterSends).where(eq(newsletterSends.id, sendId)).get();
  if (!send || send.queuedAt) return null;
  const subscribers = await db
    .select()
    .from(newsletterSubscribers)
    .where(gt(newsletterSubscribers.id, send.cursor))
    .orderBy(asc(newsletterSubscribers.id))
    .limit(batch)
    .all();
  if (subscribers.length === 0) {
    await db
      .update(newsletterSends)
      .set({ queuedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(newsletterSends.id, sendId), isNull(newsletterSends.queuedAt)));
    return null;
  }
  const posts = await db
    .select()
    .from(newsletterPosts)
    .where(eq(newsletterPosts.sendId, sendId))
    .orderBy(asc(newsletterPosts.id))
    .all();
  // One composition per language of the message and choice of languages, the unsubscribe link put in after.
  const templates = new Map<string, ComposedMessage | null>();
  const templateFor = async (locale: Locale, languages: NewsletterLanguages) => {
    const key = `${locale}:${languages}`;
    if (!templates.has(key)) {
      const mine = posts.filter((post) => languages === "both" || post.locale === languages);
      templates.set(
        key,
        mine.length === 0
          ? null
          : await composeMessage(locale, siteName[locale], {
              kind: "newsletter",
              posts: mine.map((post) => ({
                title: post.title,
                description: post.description,
                href: `${origin}${localizePath(post.path, post.locale)}`,
              })),
              unsubscribe: LINK_MARK,
            }),
      );
    }
    return templates.get(key)!;
  };
  // Everything but the writes is made first, so the write transaction is a handful of statements whatever the
  // batch's size: it holds the database's write lock for moments, not a round trip per subscriber.
  const messages: { subscriberId: number; queued: QueuedMessage }[] = [];
  for (const subscriber of subscribers) {
    const template = await templateFor(subscriber.locale, subscriber.languages);
    if (!template) continue;
    const link = await unsubscribeLink(db, {
      origin,
      locale: subscriber.locale,
      list: "newsletter",
      subject: String(subscriber.id),
    });
    messages.push({
      subscriberId: subscriber.id,
      queued: {
        kind: "newsletter",
        to: subscriber.email,
        locale: subscriber.locale,
        message: {
          subject: template.subject,
          html: template.html.split(LINK_MARK).join(link),
          text: template.text.split(LINK_MARK).join(link),
        },
        unsubscribe: link,
        now,
      },
    });
  }
  const last = subscribers.at(-1)!.id;
  return writeTransaction(db, async (tx) => {
    const done = new Set(
      (
        await tx
          .select({ id: newsletterDeliveries.subscriberId })
          .from(newsletterDeliveries)
          .where(
            and(
              eq(newsletterDeliveries.sendId, sendId),
              inArray(
                newsletterDeliveries.subscriberId,
                subscribers.map((s) => s.id),
              ),
            ),
          )
          .all()
      ).map((row) => row.id),
    );
    const due = messages.filter((message) => !done.has(message.subscriberId));
    const rows = await queueMails(
      tx,
      due.map((message) => message.queued),
    );
    if (due.length) {
      await tx
        .insert(newsletterDeliveries)
        .values(due.map((message, n) => ({ sendId, subscriberId: message.subscriberId, outboxId: rows[n]!.id })));
    }
    await tx
      .update(newsletterSends)
      .set({
        cursor: sql`max(${newsletterSends.cursor}, ${last})`,
        recipients: sql`${newsletterSends.recipients} + ${due.length}`,
        updatedAt: new Date(now),
      })
      .where(eq(newsletterSends.id, sendId));
    return due.length;
  });
}

/** The sends still being queued, oldest first. */
export async function unqueuedSends(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: newsletterSends.id })
    .from(newsletterSends)
    .where(isNull(newsletterSends.queuedAt))
    .orderBy(asc(newsletterSends.id))
    .all();
  return rows.map((row) => row.id);
}

/** The origin links in messages name: SITE_URL, or this machine on the site's port. */
export function newsletterOrigin(): string {
  return configuredOrigin() ?? `http://localhost:${config().port}`;
}

/** One turn of the background work: due posts into sends, then every unfinished send queued, batch after batch. */
export async function runNewsletter(
  db: Database,
  {
    now = Date.now(),
    origin = newsletterOrigin(),
    held = (): boolean => true,
  }: { now?: number; origin?: string; held?: () => boolean } = {},
) {
  await prepareSends(db, now);
  const siteName = (await getAppConfig()).siteName;
  for (const sendId of await unqueuedSends(db)) {
    // Ends with the lease: the instance that took it over goes on from the send's cursor.
    while (held() && (await fanOutBatch(db, sendId, { origin, siteName, now })) !== null);
  }
}

/** The newsletter's sends, made and queued by whichever instance holds the period's lease. */
export function startNewsletter(): () => Promise<void> {
  return everyPeriod("newsletter", NEWSLETTER_EVERY_MS, (db, turn) => runNewsletter(db, { held: turn.held }), {
    firstAfterMs: 3_000,
  });
}

export interface SendSummary {
  id: number;
  buildId: number;
  createdAt: string;
  posts: { locale: Locale; path: string; title: string }[];
  recipients: number;
  delivered: number;
  failed: number;
  queued: boolean;
}

/** The latest sends with their counts: delivered and failed are read from their outbox rows' states. */
export async function recentSends(db: Database, limit = 20): Promise<SendSummary[]> {
  const sends = await db
    .select()
    .from(newsletterSends)
    .orderBy(sql`${newsletterSends.id} desc`)
    .limit(limit)
    .all();
  const result: SendSummary[] = [];
  for (const send of sends) {
    const states = await db
      .select({ state: mailOutbox.state, count: sql<number>`count(*)` })
      .from(newsletterDeliveries)
      .innerJoin(mailOutbox, eq(mailOutbox.id, newsletterDeliveries.outboxId))
      .where(eq(newsletterDeliveries.sendId, send.id))
      .groupBy(mailOutbox.state)
      .all();
    const count = (state: string) => states.find((row) => row.state === state)?.count ?? 0;
    const posts = await db
      .select({ locale: newsletterPosts.locale, path: newsletterPosts.path, title: newsletterPosts.title })
      .from(newsletterPosts)
      .where(eq(newsletterPosts.sendId, send.id))
      .all();
    result.push({
      id: send.id,
      buildId: send.buildId,
      createdAt: send.createdAt.toISOString(),
      posts,
      recipients: send.recipients,
      delivered: count("sent"),
      failed: count("failed"),
      queued: send.queuedAt !== null,
    });
  }
  return result;
}
