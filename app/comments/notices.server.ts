/**
 * Comments told by e-mail: moderators hear of a comment waiting for them (the first few of a day one by one, the
 * rest in one digest the next day), a member hears that a moderator approved their comment and that someone
 * replied to it. Each notice is a row of `notices_sent`, unique by what it is about and to whom, inserted in the
 * same transaction as its outbox row: whichever instance decides, a notice is sent once.
 */
import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import { noticeRecipients, type NoticeList, type NoticeRecipient } from "~/auth/notice-preferences.server";
import { everyPeriod } from "~/cluster/leases.server";
import type { Database } from "~/db/client.server";
import { commentAddress, COMMENTER_LIST, pruneUnconfirmedAddresses } from "./commenter-addresses.server";
import {
  commenterNoticesSent,
  comments,
  noticesSent,
  pages,
  rolePermissions,
  userRoles,
  type CommentStatus,
} from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { defaultLocale, parseLocalizedPath, type Locale } from "~/i18n/locales";
import { composeMessage, type MessageSpec } from "~/mail/compose.server";
import { queueMail, type MailKind } from "~/mail/outbox.server";
import { unsubscribeLink } from "~/mail/unsubscribe.server";
import { getAppConfig } from "~/settings/app-config.server";
import type { CommentRow } from "./comments.server";

/** A moderator gets this many waiting comments a day one by one; the rest wait for the next day's digest. */
export const WAITING_PER_DAY = 3;
/** Reply notices one member gets in a UTC day at most; past it, none more that day (the replies are on the page). */
export const REPLIES_PER_DAY = 5;
/** The digest lists this many of the waiting comments (and says how many there are in all). */
const DIGEST_ITEMS = 10;
const DAY_MS = 24 * 60 * 60_000;
const DIGEST_EVERY_MS = 15 * 60_000;

/** "2026-11-27": the UTC day a notice counts against. */
function dayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** One line of a comment, short enough for a subject's neighbour. */
function excerptOf(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return Array.from(line).length > 140 ? `${Array.from(line).slice(0, 139).join("")}…` : line;
}

/** The page a comment is on, as a message names it (its title) and links to it. */
async function pageOfComment(db: Database, routePath: string, origin: string) {
  // Stored addresses are canonical already ("/en/notes/x", "/notes/x").
  const { locale, path } = parseLocalizedPath(routePath);
  const page = await db
    .select({ title: pages.title })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.path, path)))
    .get();
  return { locale, title: page?.title || routePath, url: origin + routePath };
}

function moderationLink(origin: string, locale: Locale): string {
  return `${origin}${locale === "en" ? "/en" : ""}/manage/comments`;
}

/** Members who may moderate comments (the permission through any of their roles). */
async function moderatorIds(db: Database): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(rolePermissions.permission, "comments.edit"))
    .all();
  return rows.map((row) => row.id);
}

interface Notice {
  kind: string;
  item: string;
  mail: MailKind;
  list: NoticeList;
  locale: Locale;
  spec: MessageSpec;
  /** At most this many notices of this kind to one member in a UTC day. */
  perDay?: number;
}

/** A member, or an anonymous commenter's confirmed address (its own list: unsubscribing forgets the address). */
type Recipient = NoticeRecipient | { addressId: number; email: string };

/**
 * Records the notice and queues its message in one transaction; false (and nothing queued) when this notice was
 * decided already, here or on another instance.
 */
async function send(db: Database, to: Recipient, notice: Notice, origin: string, now: number): Promise<boolean> {
  const siteName = (await getAppConfig()).siteName[notice.locale];
  const member = "userId" in to;
  const unsubscribe = await unsubscribeLink(db, {
    origin,
    locale: notice.locale,
    list: member ? notice.list : COMMENTER_LIST,
    subject: String(member ? to.userId : to.addressId),
  });
  const message = await composeMessage(notice.locale, siteName, notice.spec, { unsubscribe });
  return writeTransaction(db, async (tx) => {
    if (notice.perDay !== undefined) {
      const since = new Date(Date.parse(dayOf(now)));
      const [sentToday] = member
        ? await tx
            .select({ n: count() })
            .from(noticesSent)
            .where(
              and(
                eq(noticesSent.userId, to.userId),
                eq(noticesSent.kind, notice.kind),
                gte(noticesSent.createdAt, since),
              ),
            )
        : await tx
            .select({ n: count() })
            .from(commenterNoticesSent)
            .where(
              and(
                eq(commenterNoticesSent.addressId, to.addressId),
                eq(commenterNoticesSent.kind, notice.kind),
                gte(commenterNoticesSent.createdAt, since),
              ),
            );
      if (sentToday!.n >= notice.perDay) return false;
    }
    const values = { kind: notice.kind, item: notice.item, createdAt: new Date(now) };
    const recorded = member
      ? await tx
          .insert(noticesSent)
          .values({ ...values, userId: to.userId })
          .onConflictDoNothing()
          .returning({ id: noticesSent.id })
      : await tx
          .insert(commenterNoticesSent)
          .values({ ...values, addressId: to.addressId })
          .onConflictDoNothing()
          .returning({ id: commenterNoticesSent.id });
    if (!recorded.length) return false;
    await queueMail(tx, { kind: notice.mail, to: to.email, locale: notice.locale, message, unsubscribe });
    return true;
  });
}

/** A new comment: moderators hear of it when it waits for them; the thread's starter hears of an approved reply. */
export async function noticeNewComment(db: Database, comment: CommentRow, origin: string, now = Date.now()) {
  if (comment.status === "pending") await noticeWaiting(db, comment, origin, now);
  else if (comment.status === "approved") await noticeReply(db, comment, origin, now);
}

/**
 * Comments a moderator moved: those that became approved tell their author (a comment published at once never
 * passes here) and, for a reply, the author of the comment it answers. `before` is each comment's status before.
 */
export async function noticeModerated(
  db: Database,
  ids: number[],
  before: Map<number, CommentStatus>,
  origin: string,
  now = Date.now(),
) {
  const approved = ids.filter((id) => before.get(id) !== "approved");
  if (!approved.length) return;
  const rows = await db
    .select()
    .from(comments)
    .where(and(inArray(comments.id, approved), eq(comments.status, "approved")))
    .all();
  for (const comment of rows) {
    const [author] =
      comment.userId !== null
        ? await noticeRecipients(db, [comment.userId], "notify.comments")
        : [await commentAddress(db, comment.id)];
    if (author) {
      const page = await pageOfComment(db, comment.routePath, origin);
      await send(
        db,
        author,
        {
          kind: "approved",
          item: String(comment.id),
          mail: "commentApproved",
          list: "notify.comments",
          locale: page.locale,
          spec: {
            kind: "commentApproved",
            excerpt: excerptOf(comment.body),
            page: page.title,
            link: `${page.url}#comment-${comment.id}`,
          },
        },
        origin,
        now,
      );
    }
    await noticeReply(db, comment, origin, now);
  }
}

/**
 * An approved reply tells the author of the comment it answers (a member, or an anonymous commenter at their
 * confirmed address), unless they wrote the reply.
 */
async function noticeReply(db: Database, reply: CommentRow, origin: string, now: number) {
  if (reply.parentId === null) return;
  const parent = await db
    .select({ id: comments.id, userId: comments.userId, authorPub: comments.authorPub })
    .from(comments)
    .where(eq(comments.id, reply.parentId))
    .get();
  if (!parent) return;
  let to: Recipient | null | undefined;
  if (parent.userId !== null) {
    if (parent.userId === reply.userId) return;
    [to] = await noticeRecipients(db, [parent.userId], "notify.comments");
  } else {
    if (reply.userId === null && parent.authorPub !== null && parent.authorPub === reply.authorPub) return;
    to = await commentAddress(db, parent.id);
    if (to && to.addressId === (await commentAddress(db, reply.id))?.addressId) return;
  }
  if (!to) return;
  const page = await pageOfComment(db, reply.routePath, origin);
  await send(
    db,
    to,
    {
      kind: "reply",
      item: String(reply.id),
      perDay: REPLIES_PER_DAY,
      mail: "commentReply",
      list: "notify.comments",
      locale: page.locale,
      spec: {
        kind: "commentReply",
        author: reply.authorName,
        excerpt: excerptOf(reply.body),
        page: page.title,
        link: `${page.url}#comment-${reply.id}`,
      },
    },
    origin,
    now,
  );
}

/**
 * A comment waiting for moderation: each moderator (not its author) gets it by itself while they have had fewer
 * than WAITING_PER_DAY such messages today; after that it is marked for the digest. The count and the insert are
 * one write transaction, so two instances cannot both send the day's last single message.
 */
async function noticeWaiting(db: Database, comment: CommentRow, origin: string, now: number) {
  const ids = (await moderatorIds(db)).filter((id) => id !== comment.userId);
  const moderators = await noticeRecipients(db, ids, "notify.moderation");
  if (!moderators.length) return;
  const page = await pageOfComment(db, comment.routePath, origin);
  const locale = defaultLocale;
  const siteName = (await getAppConfig()).siteName[locale];
  const dayStart = new Date(Date.parse(dayOf(now)));
  for (const moderator of moderators) {
    const unsubscribe = await unsubscribeLink(db, {
      origin,
      locale,
      list: "notify.moderation",
      subject: String(moderator.userId),
    });
    const message = await composeMessage(
      locale,
      siteName,
      {
        kind: "commentWaiting",
        author: comment.authorName,
        excerpt: excerptOf(comment.body),
        page: page.title,
        link: moderationLink(origin, locale),
      },
      { unsubscribe },
    );
    await writeTransaction(db, async (tx) => {
      const today = await tx
        .select({ n: count() })
        .from(noticesSent)
        .where(
          and(
            eq(noticesSent.userId, moderator.userId),
            eq(noticesSent.kind, "waiting"),
            gte(noticesSent.createdAt, dayStart),
            lt(noticesSent.createdAt, new Date(dayStart.getTime() + DAY_MS)),
          ),
        )
        .get();
      const single = (today?.n ?? 0) < WAITING_PER_DAY;
      const recorded = await tx
        .insert(noticesSent)
        .values({
          kind: single ? "waiting" : "held",
          userId: moderator.userId,
          item: single ? String(comment.id) : dayOf(now),
          createdAt: new Date(now),
        })
        .onConflictDoNothing()
        .returning({ id: noticesSent.id });
      if (single && recorded.length) {
        await queueMail(tx, { kind: "commentWaiting", to: moderator.email, locale, message, unsubscribe });
      }
    });
  }
}

/**
 * The digests: a moderator who had comments held back on a day that is over gets one message listing what is
 * waiting now (nothing, when the queue emptied meanwhile). Sent once per moderator and day.
 */
export async function sendModerationDigests(db: Database, origin: string, now = Date.now()): Promise<number> {
  const due = await db
    .select({ userId: noticesSent.userId, day: noticesSent.item })
    .from(noticesSent)
    .where(and(eq(noticesSent.kind, "held"), lt(noticesSent.item, dayOf(now))))
    .all();
  if (!due.length) return 0;
  const waiting = await db
    .select({ authorName: comments.authorName, body: comments.body, userId: comments.userId })
    .from(comments)
    .where(eq(comments.status, "pending"))
    .orderBy(asc(comments.createdAt))
    .all();
  const locale = defaultLocale;
  const siteName = (await getAppConfig()).siteName[locale];
  // Only those who moderate now: a member whose role lost the permission since the day gets no digest.
  const moderators = new Set(await moderatorIds(db));
  let sent = 0;
  for (const { userId, day } of due) {
    const [to] = moderators.has(userId) ? await noticeRecipients(db, [userId], "notify.moderation") : [];
    const theirs = waiting.filter((comment) => comment.userId !== userId);
    const mail = to && theirs.length ? await digestMessage(db, to, theirs, { origin, locale, siteName }) : null;
    const queued = await writeTransaction(db, async (tx) => {
      // The held mark goes: the day is dealt with whether or not a message goes out.
      await tx
        .delete(noticesSent)
        .where(and(eq(noticesSent.kind, "held"), eq(noticesSent.userId, userId), eq(noticesSent.item, day)));
      const recorded = await tx
        .insert(noticesSent)
        .values({ kind: "digest", userId, item: day, createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ id: noticesSent.id });
      if (!recorded.length || !to || !mail) return false;
      await queueMail(tx, { kind: "moderationDigest", to: to.email, locale, ...mail });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

async function digestMessage(
  db: Database,
  to: NoticeRecipient,
  waiting: { authorName: string; body: string }[],
  { origin, locale, siteName }: { origin: string; locale: Locale; siteName: string },
) {
  const unsubscribe = await unsubscribeLink(db, {
    origin,
    locale,
    list: "notify.moderation",
    subject: String(to.userId),
  });
  const message = await composeMessage(
    locale,
    siteName,
    {
      kind: "moderationDigest",
      count: waiting.length,
      items: waiting
        .slice(0, DIGEST_ITEMS)
        .map((comment) => ({ author: comment.authorName, excerpt: excerptOf(comment.body) })),
      link: moderationLink(origin, locale),
    },
    { unsubscribe },
  );
  return { message, unsubscribe };
}

/**
 * Forgets the moderators' single notices and digests a week old: they only count a day's messages and keep a
 * day's digest single. Approvals, replies and inbox notices stay, so none is ever sent twice.
 */
export async function pruneModerationNotices(db: Database, now = Date.now()): Promise<void> {
  await db
    .delete(noticesSent)
    .where(
      and(inArray(noticesSent.kind, ["waiting", "digest"]), lt(noticesSent.createdAt, new Date(now - 7 * DAY_MS))),
    );
}

/** The digests, sent by whichever instance holds their lease. */
export function startModerationDigests(origin: string): () => Promise<void> {
  return everyPeriod("comment-digests", DIGEST_EVERY_MS, async (db) => {
    await sendModerationDigests(db, origin);
    await pruneModerationNotices(db);
    await pruneUnconfirmedAddresses(db);
  });
}
