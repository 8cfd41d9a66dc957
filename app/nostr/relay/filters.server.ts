/**
 * NIP-01 filters: checked when a REQ arrives, turned into SQL queries read page by page for stored events, and matched in
 * memory against events that arrive while a subscription is open.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Event } from "nostr-tools/pure";
import type { Database } from "~/db/client.server";
import { nostrEvents, nostrTags } from "~/db/schema";
import { kinds, relayLimits } from "./limits";
import type { StoredEvent } from "./store.server";

export interface Filter {
  ids?: string[];
  authors?: string[];
  kinds?: number[];
  since?: number;
  until?: number;
  limit?: number;
  /** "#e" → ["…"], by tag letter. */
  tags: Record<string, string[]>;
}

const hex64 = /^[0-9a-f]{64}$/;
/** Tags whose values are event ids or public keys: only exact 64-character lowercase hex is meaningful. */
const hexTags = new Set(["e", "p", "E", "P"]);

/** A filter as the client sent it, checked; or the reason it cannot be served (for CLOSED). */
export function parseFilter(value: unknown): { ok: true; filter: Filter } | { ok: false; reason: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, reason: "invalid: a filter must be a JSON object" };
  }
  const filter: Filter = { tags: {} };
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (key === "ids" || key === "authors") {
      const list = stringList(raw);
      if (!list || list.some((v) => !hex64.test(v))) {
        return { ok: false, reason: `invalid: "${key}" must list 64-character lowercase hex values` };
      }
      filter[key] = list;
    } else if (key === "kinds") {
      if (!Array.isArray(raw) || raw.length > relayLimits.maxFilterValues) {
        return { ok: false, reason: 'invalid: "kinds" must list kind numbers' };
      }
      if (!raw.every((k) => Number.isInteger(k) && k >= 0 && k <= 65535)) {
        return { ok: false, reason: 'invalid: "kinds" must list whole numbers from 0 to 65535' };
      }
      filter.kinds = raw as number[];
    } else if (key === "since" || key === "until" || key === "limit") {
      if (!Number.isInteger(raw) || (raw as number) < 0) {
        return { ok: false, reason: `invalid: "${key}" must be a whole number of zero or more` };
      }
      filter[key] = raw as number;
    } else if (/^#[A-Za-z]$/.test(key)) {
      const letter = key.slice(1);
      const list = stringList(raw);
      if (!list || (hexTags.has(letter) && list.some((v) => !hex64.test(v)))) {
        return {
          ok: false,
          reason: hexTags.has(letter)
            ? `invalid: "${key}" must list 64-character lowercase hex values`
            : `invalid: "${key}" must list strings`,
        };
      }
      filter.tags[letter] = list;
    } else {
      return { ok: false, reason: `unsupported: filter contains unknown elements ("${key.slice(0, 20)}")` };
    }
  }
  return { ok: true, filter };
}

function stringList(raw: unknown): string[] | undefined {
  if (!Array.isArray(raw) || raw.length > relayLimits.maxFilterValues) return undefined;
  if (!raw.every((v) => typeof v === "string" && v.length <= relayLimits.maxTagValueLength)) return undefined;
  return raw as string[];
}

/** Whether `event` passes `filter` (everything given must match; `limit` is only for stored events). */
export function matchesFilter(filter: Filter, event: Event): boolean {
  if (filter.ids && !filter.ids.includes(event.id)) return false;
  if (filter.authors && !filter.authors.includes(event.pubkey)) return false;
  if (filter.kinds && !filter.kinds.includes(event.kind)) return false;
  if (filter.since !== undefined && event.created_at < filter.since) return false;
  if (filter.until !== undefined && event.created_at > filter.until) return false;
  for (const [letter, values] of Object.entries(filter.tags)) {
    // Only a tag's first value is indexed, so only it matches.
    if (!event.tags.some((tag) => tag[0] === letter && tag[1] !== undefined && values.includes(tag[1]))) return false;
  }
  return true;
}

/** Where a page of stored events starts: after this row in the answer's order. */
export interface PageStart {
  createdAt: number;
  id: string;
}

/**
 * One page of the stored events matching `filter` that were stored up to sequence `upTo`: newest first (ties:
 * lowest id first), after `start`, at most `size`. A REQ's answer reads these one after another, so it never
 * holds more than a page. Gift wraps only for the keys in `readers`, the public keys this connection has
 * authenticated as.
 */
export async function storedPage(
  db: Database,
  filter: Filter,
  readers: ReadonlySet<string>,
  upTo: number,
  start: PageStart | undefined,
  size: number,
): Promise<StoredEvent[]> {
  if (size <= 0 || (filter.ids && filter.ids.length === 0)) return [];
  const where: (SQL | undefined)[] = [lte(nostrEvents.seq, upTo)];
  if (start) {
    where.push(
      or(
        lt(nostrEvents.createdAt, start.createdAt),
        and(eq(nostrEvents.createdAt, start.createdAt), gt(nostrEvents.id, start.id)),
      ),
    );
  }
  if (filter.ids) where.push(inArray(nostrEvents.id, filter.ids));
  if (filter.authors) where.push(inArray(nostrEvents.pubkey, filter.authors));
  if (filter.kinds) where.push(inArray(nostrEvents.kind, filter.kinds));
  if (filter.since !== undefined) where.push(gte(nostrEvents.createdAt, filter.since));
  if (filter.until !== undefined) where.push(lte(nostrEvents.createdAt, filter.until));
  for (const [letter, values] of Object.entries(filter.tags)) {
    where.push(
      sql`exists (select 1 from ${nostrTags} where ${nostrTags.eventSeq} = ${nostrEvents.seq} and ${nostrTags.name} = ${letter} and ${inArray(nostrTags.value, values)})`,
    );
  }
  where.push(giftWrapsFor(readers));
  return db
    .select()
    .from(nostrEvents)
    .where(and(...where))
    .orderBy(desc(nostrEvents.createdAt), asc(nostrEvents.id))
    .limit(size)
    .all();
}

/** How many stored events a REQ's filter asks for: its limit, bounded by the relay's. */
export function wantedCount(filter: Filter): number {
  return Math.min(filter.limit ?? relayLimits.defaultLimit, relayLimits.maxLimit);
}

/** Gift wraps are served only to their recipient (the p tag), once the connection has proven that key. */
export function giftWrapsFor(readers: ReadonlySet<string>): SQL {
  const notWrap = ne(nostrEvents.kind, kinds.giftWrap);
  if (readers.size === 0) return notWrap;
  return or(
    notWrap,
    sql`exists (select 1 from ${nostrTags} where ${nostrTags.eventSeq} = ${nostrEvents.seq} and ${nostrTags.name} = 'p' and ${inArray(nostrTags.value, [...readers])})`,
  )!;
}

/** Whether a live event may go to a connection authenticated as `readers`. */
export function mayRead(event: Event, readers: ReadonlySet<string>): boolean {
  if (event.kind !== kinds.giftWrap) return true;
  return event.tags.some((tag) => tag[0] === "p" && tag[1] !== undefined && readers.has(tag[1]));
}

/** Whether a filter asks for gift wraps by kind (then it needs authentication to be served). */
export function asksForGiftWraps(filter: Filter): boolean {
  return filter.kinds?.includes(kinds.giftWrap) ?? false;
}
