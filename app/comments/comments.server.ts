import { and, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { siteOwner } from "~/auth/member-keys.server";
import { isUniqueViolation } from "~/auth/users.server";
import { changeStatement, changeTransaction } from "~/cluster/change-feed.server";
import type { ContentChange } from "~/cluster/change-feed.server";
import type { Database, DatabaseConnection } from "~/db/client.server";
import { commentEdits, comments, nostrEvents, pages, users, type CommentStatus } from "~/db/schema";
import { defaultLocale, localizePath, parseLocalizedPath, type Locale } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { syncCommentEvents } from "~/nostr/comment-events.server";
import { relayEventStored } from "~/nostr/relay/relay.server";
import { noticeModerated } from "./notices.server";
import { initialStatus, type ModerationRules } from "./status-rules";
import type { ModerationRow, PublicComment } from "./types";

export type CommentRow = typeof comments.$inferSelect;

/** "/fa/notes/x" and "/notes/x" are one page: comments are stored under the canonical address. */
export function canonicalRoutePath(routePath: string): { locale: Locale; path: string; canonical: string } {
  const clean = routePath.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  const { locale, path } = parseLocalizedPath(clean);
  return { locale, path, canonical: localizePath(path, locale) };
}

/** The page (locale and path) whose documents show a comment's route. */
function pageOf(routePath: string): ContentChange {
  const { locale, path } = canonicalRoutePath(routePath);
  return { locale, path };
}

/** The published page a comment belongs to; comments must be open on it. */
export async function commentablePage(db: Database, routePath: string) {
  const { locale, path, canonical } = canonicalRoutePath(routePath);
  const page = await db
    .select({ id: pages.id, comments: pages.comments, draft: pages.draft, withheld: pages.withheld })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.path, path)))
    .get();
  if (!page || page.draft || page.withheld) throw new ServiceError(404, "comments.pageNotFound");
  if (!page.comments) throw new ServiceError(403, "comments.closed");
  return { canonical, locale, path };
}

export interface Author {
  userId: number | null;
  pub: string | null;
  name: string;
  moderator: boolean;
}

export interface PostInput {
  routePath: string;
  body: string;
  parentId?: number | null;
  event?: { id: string; [key: string]: unknown } | null;
  ip?: string;
  userAgent?: string | null;
}

/**
 * Stores a comment with the status the rules give it. One level of replies: a reply to a reply joins the
 * conversation under the comment that started it.
 */
export async function postComment(
  db: DatabaseConnection["db"],
  author: Author,
  input: PostInput,
  rules: ModerationRules,
  origin: string,
): Promise<CommentRow> {
  const { canonical } = await commentablePage(db, input.routePath);
  let parentId: number | null = null;
  if (input.parentId) {
    let parent = await db.select().from(comments).where(eq(comments.id, input.parentId)).get();
    if (parent && parent.parentId !== null && parent.status === "approved") {
      parent = await db.select().from(comments).where(eq(comments.id, parent.parentId)).get();
    }
    if (!parent || parent.routePath !== canonical || parent.parentId !== null || parent.status !== "approved") {
      throw new ServiceError(404, "comments.parentNotFound");
    }
    parentId = parent.id;
  }
  let approvedBefore = false;
  if (author.userId !== null && !author.moderator) {
    const earlier = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.userId, author.userId), eq(comments.status, "approved")))
      .limit(1)
      .get();
    approvedBefore = Boolean(earlier);
  }
  const status = initialStatus({
    moderator: author.moderator,
    approvedBefore,
    anonymous: author.userId === null,
    body: input.body,
    ...rules,
  });
  const values = {
    routePath: canonical,
    parentId,
    userId: author.userId,
    authorPub: author.pub,
    authorName: author.name.slice(0, 80),
    body: input.body,
    status,
    event: input.event ?? null,
    eventId: input.event?.id ?? null,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  };
  try {
    // Most comments wait for moderation: one statement, one round trip.
    if (status !== "approved") return (await changeStatement(db.insert(comments).values(values).returning(), []))[0]!;
    // Approved at once: its page's comment count changes (only that page's documents show it) and it is on the
    // relay at once, all in one transaction.
    const row = await changeTransaction(db, async (tx, announce) => {
      const inserted = (await tx.insert(comments).values(values).returning().get())!;
      announce({ topic: "documents", detail: [pageOf(canonical)] });
      await syncCommentEvents(tx, [inserted.id], origin);
      return inserted;
    });
    relayEventStored();
    return row;
  } catch (error) {
    // The same signed event twice: a replay.
    if (isUniqueViolation(error, "event_id")) throw new ServiceError(409, "comments.duplicate");
    throw error;
  }
}

export interface Viewer {
  userId: number | null;
  pub: string | null;
}

function isMine(row: { userId: number | null; authorPub: string | null }, viewer: Viewer): boolean {
  return (
    (viewer.userId !== null && row.userId === viewer.userId) ||
    (viewer.userId === null && viewer.pub !== null && row.userId === null && row.authorPub === viewer.pub)
  );
}

/**
 * The comments of a page, newest first, a page of top-level comments at a time, each with its replies. Readers
 * see approved comments; authors also see their own pending ones (marked as awaiting moderation).
 */
export async function pageComments(
  db: Database,
  routePath: string,
  viewer: Viewer,
  { page = 1, pageSize = 20 }: { page?: number; pageSize?: number } = {},
): Promise<{ comments: PublicComment[]; total: number; approvedCount: number; page: number; pageSize: number }> {
  const { canonical } = canonicalRoutePath(routePath);
  const visible = or(
    eq(comments.status, "approved"),
    and(
      eq(comments.status, "pending"),
      viewer.userId !== null
        ? eq(comments.userId, viewer.userId)
        : viewer.pub
          ? and(isNull(comments.userId), eq(comments.authorPub, viewer.pub))
          : sql`0`,
    ),
  );
  const where = and(eq(comments.routePath, canonical), visible);
  const [topTotal, approved] = await Promise.all([
    db
      .select({ n: count() })
      .from(comments)
      .where(and(where, isNull(comments.parentId)))
      .get(),
    db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.routePath, canonical), eq(comments.status, "approved")))
      .get(),
  ]);
  const select = {
    id: comments.id,
    parentId: comments.parentId,
    body: comments.body,
    status: comments.status,
    authorName: comments.authorName,
    authorPub: comments.authorPub,
    authorDeleted: comments.authorDeleted,
    userId: comments.userId,
    userName: users.userName,
    displayName: users.displayName,
    avatar: users.avatar,
    lightningAddress: users.lightningAddress,
    nostrEventId: nostrEvents.id,
    ownEventId: comments.eventId,
    createdAt: comments.createdAt,
    editedAt: comments.editedAt,
  };
  const top = await db
    .select(select)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .leftJoin(nostrEvents, eq(nostrEvents.commentId, comments.id))
    .where(and(where, isNull(comments.parentId)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const replies = top.length
    ? await db
        .select(select)
        .from(comments)
        .leftJoin(users, eq(users.id, comments.userId))
        .leftJoin(nostrEvents, eq(nostrEvents.commentId, comments.id))
        .where(
          and(
            where,
            inArray(
              comments.parentId,
              top.map((c) => c.id),
            ),
          ),
        )
        .orderBy(comments.createdAt, comments.id)
        .all()
    : [];
  const byPageAuthor = await pageAuthorTest(db, canonical);
  const toPublic = (row: (typeof top)[number]): PublicComment => ({
    id: row.id,
    parentId: row.parentId,
    body: row.body,
    status: row.status,
    authorName: row.displayName || row.authorName,
    authorPub: row.userId === null ? row.authorPub : null,
    authorUserName: row.userName,
    authorAvatar: row.avatar ?? null,
    authorDeleted: row.authorDeleted,
    zappable: Boolean(row.userName && row.lightningAddress),
    // An anonymous comment's own signed event (which its author's edit or deletion names), published or not.
    eventId: row.nostrEventId ?? (row.userId === null ? row.ownEventId : null),
    mine: isMine(row, viewer),
    byPageAuthor: byPageAuthor(row),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    replies: [],
  });
  const list = top.map(toPublic);
  for (const reply of replies) list.find((c) => c.id === reply.parentId)?.replies.push(toPublic(reply));
  return { comments: list, total: topTotal?.n ?? 0, approvedCount: approved?.n ?? 0, page, pageSize };
}

/**
 * Whether a comment is by the page's author: a member whose user name is the page's `author` or its
 * translation's, or, on a page that names none, the site's owner (whose the site's pages are). Never a display
 * name: members choose their own, so anyone could take the author's.
 */
export async function pageAuthorTest(
  db: Database,
  routePath: string,
): Promise<(row: { userId: number | null; userName: string | null; displayName: string | null }) => boolean> {
  const { locale, path } = canonicalRoutePath(routePath);
  const page = await db
    .select({ author: pages.author, translationOf: pages.translationOf })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.path, path)))
    .get();
  const named = page?.author?.trim();
  if (!named) {
    const owner = await siteOwner(db);
    return (row) => owner !== undefined && row.userId === owner.id;
  }
  // The translation: the page its file names, the page naming it, or the other language's page at its address.
  const translations = await db
    .select({ author: pages.author })
    .from(pages)
    .where(
      and(
        ne(pages.locale, locale),
        or(eq(pages.path, page?.translationOf ?? path), eq(pages.translationOf, path), eq(pages.path, path)),
      ),
    )
    .all();
  const names = new Set(
    [named, ...translations.map((t) => t.author?.trim() ?? "")].filter(Boolean).map((n) => n.toLocaleLowerCase()),
  );
  // Only user names: unique and fixed when the account was made. A display name is whatever its member chose.
  return (row) => row.userId !== null && Boolean(row.userName) && names.has(row.userName!.trim().toLocaleLowerCase());
}

/** Counts of approved comments per canonical page address (for tables of contents and lists). */
export async function approvedCount(db: Database, routePath: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.routePath, canonicalRoutePath(routePath).canonical), eq(comments.status, "approved")))
    .get();
  return row?.n ?? 0;
}

/** A page's address as served (`localizePath` in SQL): Persian unprefixed, other languages under their prefix. */
const servedPath = sql<string>`case when ${pages.locale} = ${defaultLocale} then ${pages.path} when ${pages.path} = '/' then '/' || ${pages.locale} else '/' || ${pages.locale} || ${pages.path} end`;

/** For moderators: comments in one status, newest first, with the count of every status. */
export async function moderationList(
  db: Database,
  { status, page = 1, pageSize = 20 }: { status: CommentStatus; page?: number; pageSize?: number },
): Promise<{
  rows: ModerationRow[];
  total: number;
  counts: Record<CommentStatus, number>;
  page: number;
  pageSize: number;
}> {
  const [rows, grouped] = await Promise.all([
    db
      .select({
        id: comments.id,
        routePath: comments.routePath,
        parentId: comments.parentId,
        body: comments.body,
        status: comments.status,
        authorName: comments.authorName,
        authorUserName: users.userName,
        displayName: users.displayName,
        authorPub: comments.authorPub,
        authorDeleted: comments.authorDeleted,
        authorEmail: comments.authorEmail,
        authorUrl: comments.authorUrl,
        userId: comments.userId,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        deletedAt: comments.deletedAt,
        pageTitle: pages.title,
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      // The page's title, in the same query: a comment's address is its page's path as served in its locale.
      .leftJoin(pages, eq(comments.routePath, servedPath))
      .where(eq(comments.status, status))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .all(),
    db.select({ status: comments.status, n: count() }).from(comments).groupBy(comments.status).all(),
  ]);
  const counts = { pending: 0, approved: 0, spam: 0, trash: 0 } as Record<CommentStatus, number>;
  for (const g of grouped) counts[g.status] = g.n;
  const edits = rows.length
    ? await db
        .select({ commentId: commentEdits.commentId, body: commentEdits.body, replacedAt: commentEdits.replacedAt })
        .from(commentEdits)
        .where(
          inArray(
            commentEdits.commentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(commentEdits.replacedAt, commentEdits.id)
        .all()
    : [];
  return {
    rows: rows.map((r) => ({
      id: r.id,
      routePath: r.routePath,
      parentId: r.parentId,
      body: r.body,
      status: r.status,
      authorName: r.displayName || r.authorName,
      authorUserName: r.authorUserName,
      authorPub: r.userId === null ? r.authorPub : null,
      anonymous: r.userId === null && !r.authorDeleted,
      authorEmail: r.authorEmail,
      authorUrl: r.authorUrl,
      authorDeleted: r.authorDeleted,
      createdAt: r.createdAt.toISOString(),
      pageTitle: r.pageTitle,
      deletedAt: r.deletedAt?.toISOString() ?? null,
      editedAt: r.editedAt?.toISOString() ?? null,
      edits: edits
        .filter((e) => e.commentId === r.id)
        .map((e) => ({ body: e.body, replacedAt: e.replacedAt.toISOString() })),
    })),
    total: counts[status],
    counts,
    page,
    pageSize,
  };
}

/**
 * Changes the status of comments and returns the pages whose public comments changed; their comment counts
 * (and cached documents, in every instance) change at once. Give it the connection: it opens its own
 * transaction. `seen` is, per id, the `editedAt` of the text the moderator was shown: if its author edited it
 * since, nothing moves (409), so no one approves words they have not read.
 */
export async function moderate(
  db: Database,
  ids: number[],
  newStatus: CommentStatus,
  origin: string,
  seen: Record<string, string | null> = {},
): Promise<string[]> {
  const pages = await changeTransaction(db, async (tx, announce) => {
    const found = await tx
      .select({ id: comments.id, routePath: comments.routePath, editedAt: comments.editedAt, status: comments.status })
      .from(comments)
      .where(inArray(comments.id, ids))
      .all();
    if (found.length !== new Set(ids).size) throw new ServiceError(404, "comments.notFound");
    const changed = found.filter(
      (c) => String(c.id) in seen && seen[String(c.id)] !== (c.editedAt?.toISOString() ?? null),
    );
    if (changed.length) throw new ServiceError(409, "comments.changedSinceShown");
    await tx.update(comments).set({ status: newStatus, updatedAt: new Date() }).where(inArray(comments.id, ids));
    // The relay shows approved comments only.
    await syncCommentEvents(tx, ids, origin);
    const touched = [...new Set(found.map((c) => c.routePath))];
    announce({ topic: "documents", detail: touched.map(pageOf) });
    return { touched, before: new Map(found.map((c) => [c.id, c.status])) };
  });
  relayEventStored();
  if (newStatus === "approved") await tellQuietly(noticeModerated(db, ids, pages.before, origin));
  return pages.touched;
}

/** Notices follow a change that is made already: one that cannot be queued is logged, never the change's failure. */
export async function tellQuietly(notices: Promise<unknown>): Promise<void> {
  try {
    await notices;
  } catch (error) {
    console.error("Notices not queued:", error);
  }
}
