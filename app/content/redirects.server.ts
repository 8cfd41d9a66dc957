/**
 * Addresses never break. An address that no longer holds a page answers 301 to where its page went (a redirect:
 * recorded when a build moves a page, added in the dashboard, or brought by an import) or 410 Gone when its page
 * was deleted; an address that never held a page stays 404.
 *
 * Redirects are kept collapsed: no target is another redirect's source, so a reader is always one hop from the
 * page. Adding A→B when B→C exists stores A→C; adding B→C rewrites every X→B to X→C. A loop (A→A, A→B→A) is
 * refused, and so is a source where a public page is: the page wins. Targets are paths on this site only.
 *
 * Addresses are stored as served: decoded, in NFC, with the locale prefix and Persian unprefixed ("/notes/x",
 * "/en/notes/x"); "/fa/notes/x" is read as "/notes/x".
 */
import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import { changeTransaction, type Announce, type ContentChange } from "~/cluster/change-feed.server";
import type { Database } from "~/db/client.server";
import { containsText } from "~/db/folded-match.server";
import { buildRedirects, pages, redirects, removedPages, type RedirectKind } from "~/db/schema";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { redirectTarget } from "~/lib/redirect-target";
import { canonicalSource, hasQuery, querySources } from "./redirect-query";
import { ServiceError } from "~/lib/service-error";
import { getAppConfig } from "~/settings/app-config.server";
import { findCategory } from "~/settings/app-config";

export interface RedirectEntry {
  from: string;
  to: string;
  kind: RedirectKind;
}

/** Why an entry was not stored. */
export type RedirectRefusal = "source" | "target" | "loop" | "livePage";

export interface AddedRedirects {
  /** The entries stored (their addresses as stored). */
  added: RedirectEntry[];
  refused: { entry: RedirectEntry; reason: RedirectRefusal }[];
  /** Addresses whose answer changed: their kept documents are out of date. */
  changed: ContentChange[];
}

const BASE = "http://site.invalid";

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text).normalize("NFC");
  } catch {
    return undefined;
  }
}

/**
 * `value` as an address is stored: a path on this site, decoded, canonical in its locale prefix, without a
 * trailing slash; its query and fragment kept as written. Undefined for anything else (another origin, a scheme,
 * control characters: `redirectTarget` decides).
 */
export function storedAddress(value: string): string | undefined {
  const target = redirectTarget(value.trim());
  if (!target) return undefined;
  const url = new URL(target, BASE);
  const pathname = decoded(url.pathname);
  // Decoding must not make it something else: a "?" or "#" that was text, or "//host" that was "/%2F/host".
  if (pathname === undefined || /[?#]/.test(pathname)) return undefined;
  const { locale, path } = parseLocalizedPath(pathname);
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const address = localizePath(clean || "/", locale) + url.search + url.hash;
  return redirectTarget(address) ? address : undefined;
}

/**
 * The address a source must be: a page's address, or any address of this site with a query naming the
 * parameters that must match (`canonicalSource`: "/?p=123"); no fragment, and a language's home only with a query.
 */
export function sourceAddress(value: string): string | undefined {
  const address = storedAddress(value);
  if (!address || address.includes("#")) return undefined;
  const at = address.indexOf("?");
  const source = at < 0 ? address : canonicalSource(address.slice(0, at), address.slice(at));
  if (!source) return undefined;
  return !hasQuery(source) && parseLocalizedPath(source).path === "/" ? undefined : source;
}

/** The Location header for a stored target: percent-encoded as a browser sends it. */
export function locationOf(target: string): string | undefined {
  return redirectTarget(target);
}

/** The page an address names, as the change feed names pages. */
export function pageOfAddress(address: string): ContentChange {
  const { locale, path } = parseLocalizedPath(address.replace(/[?#].*$/, ""));
  return { locale, path };
}

/**
 * Whether a public page (or a category's listing) answers at `address`: such an address cannot redirect. A
 * language's home with a query is not: the home looks its query's redirects up before it answers.
 */
export async function isLiveAddress(db: Database, address: string): Promise<boolean> {
  const { locale, path } = pageOfAddress(address);
  if (path === "/" && hasQuery(address)) return false;
  const page = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.path, path), eq(pages.draft, false)))
    .get();
  if (page) return true;
  return !path.slice(1).includes("/") && findCategory(await getAppConfig(), path.slice(1)) !== undefined;
}

/** The target stored for `address` (a source), if any. */
export async function redirectAt(db: Database, address: string): Promise<string | undefined> {
  const row = await db.select({ to: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, address)).get();
  return row?.to;
}

/**
 * The target of the redirect a request for `address` (as stored, without its query) with query `search` meets:
 * one whose source names parameters the query carries first, else the address's own. One indexed read.
 */
export async function redirectFor(
  db: Database,
  address: string,
  search: string,
): Promise<{ to: string; byQuery: boolean } | undefined> {
  const sources = querySources(address, search);
  if (parseLocalizedPath(address).path !== "/") sources.push(address);
  if (!sources.length) return undefined;
  const rows = await db
    .select({ from: redirects.fromPath, to: redirects.toPath })
    .from(redirects)
    .where(inArray(redirects.fromPath, sources))
    .all();
  const found = new Map(rows.map((row) => [row.from, row.to]));
  for (const source of sources) {
    const to = found.get(source);
    if (to !== undefined) return { to, byQuery: hasQuery(source) };
  }
  return undefined;
}

/** Whether a deleted public page's address is `address` (it answers 410). */
export async function wasRemoved(db: Database, address: string): Promise<boolean> {
  const row = await db
    .select({ address: removedPages.address })
    .from(removedPages)
    .where(eq(removedPages.address, address))
    .get();
  return row !== undefined;
}

/**
 * Stores redirects, each collapsed into the chains already there (see the module's comment), in the caller's
 * write transaction. Entries that would loop, whose source is a public page, or whose addresses are not paths
 * here are refused and reported, not thrown: an import or a publish goes on without them. An entry whose source
 * already redirects replaces it. Announces the changed addresses when given `announce`.
 */
export async function addRedirects(
  tx: Database,
  entries: readonly RedirectEntry[],
  { announce, by = null }: { announce?: Announce; by?: number | null } = {},
): Promise<AddedRedirects> {
  const result: AddedRedirects = { added: [], refused: [], changed: [] };
  for (const entry of entries) {
    const from = sourceAddress(entry.from);
    if (!from) {
      result.refused.push({ entry, reason: "source" });
      continue;
    }
    let to = storedAddress(entry.to);
    if (!to) {
      result.refused.push({ entry, reason: "target" });
      continue;
    }
    // The target's own redirect, if it has one: one hop only.
    to = (await redirectAt(tx, to)) ?? to;
    if (to === from) {
      result.refused.push({ entry, reason: "loop" });
      continue;
    }
    if (await isLiveAddress(tx, from)) {
      result.refused.push({ entry, reason: "livePage" });
      continue;
    }
    // Already so: nothing to write (importing the same export again changes nothing).
    const held = await tx
      .select({ to: redirects.toPath, kind: redirects.kind })
      .from(redirects)
      .where(eq(redirects.fromPath, from))
      .get();
    if (held?.to === to && held.kind === entry.kind) continue;
    const now = new Date();
    // Everything that led to the new source now leads where it goes.
    const before = await tx.select({ from: redirects.fromPath }).from(redirects).where(eq(redirects.toPath, from)).all();
    if (before.length) {
      await tx.update(redirects).set({ toPath: to, updatedAt: now }).where(eq(redirects.toPath, from));
      result.changed.push(...before.map((row) => pageOfAddress(row.from)));
    }
    await tx
      .insert(redirects)
      .values({ fromPath: from, toPath: to, kind: entry.kind, createdBy: by, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: redirects.fromPath,
        set: { toPath: to, kind: entry.kind, createdBy: by, updatedAt: now },
      });
    result.added.push({ from, to, kind: entry.kind });
    result.changed.push(pageOfAddress(from));
  }
  if (announce && result.changed.length) announce({ topic: "documents", detail: result.changed });
  return result;
}

// ── Redirects that wait for their build ─────────────────────────────────────

/**
 * What would stop `entries` once their pages are live, known now: a source or target that is no address here, a
 * loop, a source where a public page answers or where one of `becomingLive` (the build's own pages) will.
 */
export async function foreseeRefusals(
  db: Database,
  entries: readonly RedirectEntry[],
  becomingLive: ReadonlySet<string>,
): Promise<AddedRedirects["refused"]> {
  const refused: AddedRedirects["refused"] = [];
  for (const entry of entries) {
    const from = sourceAddress(entry.from);
    const to = storedAddress(entry.to);
    const reason: RedirectRefusal | undefined = !from
      ? "source"
      : !to
        ? "target"
        : to === from
          ? "loop"
          : becomingLive.has(from) || (await isLiveAddress(db, from))
            ? "livePage"
            : undefined;
    if (reason) refused.push({ entry, reason });
  }
  return refused;
}

/**
 * Keeps `entries` with build `buildId`: they are stored (`addRedirects`) when the build is published, so an
 * import's old addresses never lead to pages not yet public. An entry already waiting is left as it is.
 */
export async function addBuildRedirects(
  tx: Database,
  buildId: number,
  entries: readonly RedirectEntry[],
  by: number | null,
): Promise<void> {
  const rows = entries.map((entry) => ({ buildId, fromPath: entry.from, toPath: entry.to, kind: entry.kind, createdBy: by }));
  for (let start = 0; start < rows.length; start += 200) {
    await tx
      .insert(buildRedirects)
      .values(rows.slice(start, start + 200))
      .onConflictDoNothing();
  }
}

/**
 * Stores the redirects waiting for build `buildId`, in its publishing transaction, once its pages are live: an
 * entry whose target is one of the site's pages that is not public (left a draft, or deleted in the build) is
 * dropped, and so is one `addRedirects` refuses; one whose target is a scheduled page waits on for its time
 * (`releaseWaitingRedirects`), so the page's address is not told before. The addresses whose answer changed.
 */
export async function publishBuildRedirects(tx: Database, buildId: number): Promise<ContentChange[]> {
  const waiting = await tx.select().from(buildRedirects).where(eq(buildRedirects.buildId, buildId)).all();
  return storeWaiting(tx, waiting);
}

/** Stores the redirects that waited for the pages at `addresses`, made public now (their time has come). */
export async function releaseWaitingRedirects(tx: Database, addresses: readonly string[]): Promise<ContentChange[]> {
  if (!addresses.length) return [];
  const waiting = await tx.select().from(buildRedirects).where(inArray(buildRedirects.toPath, [...addresses])).all();
  return storeWaiting(tx, waiting);
}

async function storeWaiting(tx: Database, waiting: (typeof buildRedirects.$inferSelect)[]): Promise<ContentChange[]> {
  const changed: ContentChange[] = [];
  const targets = new Map<string, TargetState>();
  for (const row of waiting) {
    if (!targets.has(row.toPath)) targets.set(row.toPath, await targetState(tx, row.toPath));
    const state = targets.get(row.toPath);
    if (state === "later") continue;
    if (state === "answers") {
      const added = await addRedirects(tx, [{ from: row.fromPath, to: row.toPath, kind: row.kind }], {
        by: row.createdBy,
      });
      changed.push(...added.changed);
    }
    await tx
      .delete(buildRedirects)
      .where(and(eq(buildRedirects.buildId, row.buildId), eq(buildRedirects.fromPath, row.fromPath)));
  }
  return changed;
}

type TargetState = "answers" | "later" | "never";

/**
 * Whether a redirect's target answers: a public page, or an address no page of the site holds (a listing, a
 * feed); later, a page scheduled for later; never, a draft or a page deleted in the build.
 */
async function targetState(db: Database, target: string): Promise<TargetState> {
  const { locale, path } = pageOfAddress(target);
  const page = await db
    .select({ draft: pages.draft, withheld: pages.withheld })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.path, path)))
    .get();
  if (page) return page.draft ? "never" : page.withheld ? "later" : "answers";
  // An address that was a page of this build (deleted in it) is no listing.
  return (await wasRemoved(db, localizePath(path, locale))) ? "never" : "answers";
}

/** Removes the redirects from `addresses` (pages published there take them back); the addresses removed. */
export async function clearRedirectsFrom(tx: Database, addresses: readonly string[]): Promise<string[]> {
  const taken: string[] = [];
  // A build may publish thousands of pages: a statement names a few hundred at a time.
  for (let start = 0; start < addresses.length; start += 500) {
    const batch = addresses.slice(start, start + 500);
    const gone = await tx
      .delete(redirects)
      .where(inArray(redirects.fromPath, batch))
      .returning({ from: redirects.fromPath });
    await tx.delete(removedPages).where(inArray(removedPages.address, batch));
    taken.push(...gone.map((row) => row.from));
  }
  return taken;
}

/** Records deleted public pages' addresses: they answer 410 from now on. */
export async function recordRemoved(tx: Database, addresses: readonly string[], now = new Date()): Promise<void> {
  for (const address of addresses) {
    await tx.insert(removedPages).values({ address, removedAt: now }).onConflictDoUpdate({
      target: removedPages.address,
      set: { removedAt: now },
    });
  }
}

// ── The dashboard's list ───────────────────────────────────────────────────

export interface RedirectRow {
  id: number;
  from: string;
  to: string;
  kind: RedirectKind;
  updatedAt: string;
}

export const REDIRECTS_PAGE = 20;

function rowView(row: typeof redirects.$inferSelect): RedirectRow {
  return { id: row.id, from: row.fromPath, to: row.toPath, kind: row.kind, updatedAt: row.updatedAt.toISOString() };
}

/** One page of redirects, by source, optionally those whose source or target contains `q`. */
export async function listRedirects(
  db: Database,
  { q, page = 1, pageSize = REDIRECTS_PAGE }: { q?: string; page?: number; pageSize?: number },
): Promise<{ items: RedirectRow[]; total: number; page: number; pageSize: number }> {
  const where = q ? or(containsText(redirects.fromPath, q), containsText(redirects.toPath, q)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(redirects)
      .where(where)
      .orderBy(asc(redirects.fromPath))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .all(),
    db.select({ n: count() }).from(redirects).where(where).all(),
  ]);
  return {
    items: rows.map(rowView),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** Every redirect, by source: what the repository's redirects file lists. */
export async function allRedirects(db: Database): Promise<RedirectEntry[]> {
  const rows = await db.select().from(redirects).orderBy(asc(redirects.fromPath)).all();
  return rows.map((row) => ({ from: row.fromPath, to: row.toPath, kind: row.kind }));
}

/**
 * The redirects as the repository holds them: one line per redirect, by source, in YAML (each value a JSON
 * string, which YAML reads as written). Null when there are none (the file is left out).
 */
export function redirectsFileText(entries: readonly RedirectEntry[]): string | null {
  if (entries.length === 0) return null;
  const lines = entries.map(
    (entry) => `- { from: ${JSON.stringify(entry.from)}, to: ${JSON.stringify(entry.to)}, kind: ${entry.kind} }`,
  );
  return `# The site's redirects: each old address answers 301 with its new one (kept by the site).\n${lines.join("\n")}\n`;
}

// ── The dashboard's changes ────────────────────────────────────────────────

/** The field a refusal is about, and its message. */
const refusals: Record<RedirectRefusal | "exists", { path: "from" | "to"; key: MessageKey }> = {
  source: { path: "from", key: "items.redirects.error.source" },
  target: { path: "to", key: "items.redirects.error.target" },
  loop: { path: "to", key: "items.redirects.error.loop" },
  livePage: { path: "from", key: "items.redirects.error.livePage" },
  exists: { path: "from", key: "items.redirects.error.exists" },
};

function refuse(reason: RedirectRefusal | "exists"): never {
  const { path, key } = refusals[reason];
  throw new ServiceError(400, key, { issues: [{ path, message: key }] });
}

/** Stores one manual redirect, or refuses it (the caller's transaction then changes nothing). */
async function addOne(
  tx: Database,
  input: { from: string; to: string },
  announce: Announce,
  by: number,
): Promise<RedirectRow> {
  const { added, refused } = await addRedirects(tx, [{ ...input, kind: "manual" }], { announce, by });
  if (refused[0]) refuse(refused[0].reason);
  const row = (await tx.select().from(redirects).where(eq(redirects.fromPath, added[0]!.from)).get())!;
  return rowView(row);
}

/** Adds a manual redirect; refused (changing nothing) with the reason in the caller's language. */
export async function createRedirect(
  db: Database,
  user: { id: number },
  input: { from: string; to: string },
): Promise<RedirectRow> {
  return changeTransaction(db, async (tx, announce) => {
    const from = sourceAddress(input.from);
    if (from && (await redirectAt(tx, from)) !== undefined) refuse("exists");
    return addOne(tx, input, announce, user.id);
  });
}

/** Changes a redirect's source or target (it becomes a manual one). */
export async function changeRedirect(
  db: Database,
  user: { id: number },
  id: number,
  input: { from: string; to: string },
): Promise<RedirectRow> {
  return changeTransaction(db, async (tx, announce) => {
    const [old] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!old) throw new ServiceError(404, "items.redirects.error.notFound");
    const from = sourceAddress(input.from);
    if (from && from !== old.fromPath && (await redirectAt(tx, from)) !== undefined) refuse("exists");
    announce({ topic: "documents", detail: [pageOfAddress(old.fromPath)] });
    return addOne(tx, input, announce, user.id);
  });
}

/** Removes a redirect: its source answers as if it had none (410 for a deleted page's, else 404). */
export async function removeRedirect(db: Database, id: number): Promise<void> {
  await changeTransaction(db, async (tx, announce) => {
    const [old] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!old) throw new ServiceError(404, "items.redirects.error.notFound");
    announce({ topic: "documents", detail: [pageOfAddress(old.fromPath)] });
  });
}
