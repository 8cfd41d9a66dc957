/**
 * Private preview links: a writer hands someone a link that shows one page as its open build (or its draft) will
 * look, without an account. The token is 256 random bits shown once; only its SHA-256 is kept, so the table cannot
 * give working links back. A link ends when it expires (a week unless asked for less) or is revoked, and shows
 * the page's latest version each time it is opened. Who may edit pages makes them and sees and revokes their own;
 * a link also ends when its maker no longer may (their account disabled, or their roles no longer letting them
 * write): what they shared was theirs to show only while they could see it themselves.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { CurrentUser } from "~/auth/current-user.server";
import type { Database } from "~/db/client.server";
import { previewLinks, users } from "~/db/schema";
import { permissionsOf } from "~/auth/users.server";
import { hit, limits, refuseOverLimit } from "~/db/rate-limit.server";
import { addressKey } from "~/lib/address-key.server";
import { ServiceError } from "~/lib/service-error";
import { pageSource } from "./builds.server";
import { pageOfFile, type PageAddress } from "./files";

/** How long a link lives unless its writer asks for less. */
export const PREVIEW_LIFETIME_MS = 7 * 24 * 3_600_000;
/** Live links one writer may hold: each is a row, and a writer needs a handful. */
export const PREVIEW_LINKS_PER_WRITER = 50;

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface PreviewLink {
  id: number;
  locale: PageAddress["locale"];
  path: string;
  /** ISO */
  expiresAt: string;
  createdAt: string;
}

function linkOf(row: typeof previewLinks.$inferSelect): PreviewLink | null {
  const address = pageOfFile(row.file);
  if (!address) return null;
  return {
    id: row.id,
    ...address,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new link to the page at `address` (its open build's version, its draft or its published text): 404 when
 * there is no such page. Returns the token, which is never stored or shown again.
 */
export async function createPreviewLink(
  db: Database,
  user: Pick<CurrentUser, "id">,
  address: PageAddress,
  { now = Date.now(), lifetimeMs = PREVIEW_LIFETIME_MS } = {},
): Promise<{ token: string; link: PreviewLink }> {
  const source = await pageSource(db, address);
  if (!source.exists) throw new ServiceError(404, "editor.preview.noPage");
  const live = await db
    .select({ id: previewLinks.id })
    .from(previewLinks)
    .where(liveOf(user.id, now))
    .limit(PREVIEW_LINKS_PER_WRITER)
    .all();
  if (live.length >= PREVIEW_LINKS_PER_WRITER) {
    throw new ServiceError(409, "editor.preview.tooMany", { vars: { max: String(PREVIEW_LINKS_PER_WRITER) } });
  }
  const token = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(previewLinks)
    .values({
      tokenHash: hashOf(token),
      file: source.file,
      createdBy: user.id,
      expiresAt: new Date(now + Math.min(lifetimeMs, PREVIEW_LIFETIME_MS)),
      createdAt: new Date(now),
    })
    .returning();
  return { token, link: linkOf(row!)! };
}

const liveOf = (userId: number, now: number) =>
  and(eq(previewLinks.createdBy, userId), isNull(previewLinks.revokedAt), gt(previewLinks.expiresAt, new Date(now)));

/** The writer's live links, newest first. */
export async function listPreviewLinks(
  db: Database,
  user: Pick<CurrentUser, "id">,
  { now = Date.now() } = {},
): Promise<PreviewLink[]> {
  const rows = await db
    .select()
    .from(previewLinks)
    .where(liveOf(user.id, now))
    .orderBy(desc(previewLinks.id))
    .limit(PREVIEW_LINKS_PER_WRITER)
    .all();
  return rows.map(linkOf).filter((link): link is PreviewLink => link !== null);
}

/** Ends one of the writer's links at once; another writer's link is not theirs to see (404). */
export async function revokePreviewLink(
  db: Database,
  user: Pick<CurrentUser, "id">,
  id: number,
  { now = Date.now() } = {},
): Promise<void> {
  const done = await db
    .update(previewLinks)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(previewLinks.id, id), eq(previewLinks.createdBy, user.id), isNull(previewLinks.revokedAt)))
    .returning({ id: previewLinks.id });
  if (done.length === 0) throw new ServiceError(404, "editor.preview.notFound");
}

/**
 * What a token opens: the page's latest text (the open build's version, else the published one), or null for a
 * token that is unknown, revoked or expired, or whose page is gone. Lookups that find nothing are counted per
 * address (`limits.previewMissesByAddress`): past the budget the address is refused with 429, so tokens cannot be
 * guessed at speed (they could not be guessed anyway: 256 bits).
 */
export async function openPreview(
  db: Database,
  token: string,
  ip: string,
  { now = Date.now() } = {},
): Promise<{ locale: PageAddress["locale"]; path: string; text: string } | null> {
  const row = TOKEN_RE.test(token)
    ? await db
        .select()
        .from(previewLinks)
        .where(eq(previewLinks.tokenHash, hashOf(token)))
        .get()
    : undefined;
  const live = row && !row.revokedAt && row.expiresAt.getTime() > now && (await makerMayWrite(db, row.createdBy));
  const address = live ? pageOfFile(row.file) : null;
  const source = address ? await pageSource(db, address) : undefined;
  if (!address || !source?.exists) {
    refuseOverLimit(await hit(db, limits.previewMissesByAddress, addressKey(ip || "unknown")));
    return null;
  }
  return { ...address, text: source.text };
}

async function makerMayWrite(db: Database, userId: number): Promise<boolean> {
  const maker = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).get();
  return !!maker && !maker.disabledAt && (await permissionsOf(db, userId)).has("commit.create");
}

/** Links past their end are of no use to anyone: housekeeping removes them a day after. */
export async function deleteEndedPreviewLinks(db: Database, now = Date.now()): Promise<void> {
  const dayAgo = new Date(now - 24 * 3_600_000);
  await db
    .delete(previewLinks)
    .where(
      or(
        lt(previewLinks.expiresAt, dayAgo),
        and(isNotNull(previewLinks.revokedAt), lt(previewLinks.revokedAt, dayAgo)),
      ),
    );
}
