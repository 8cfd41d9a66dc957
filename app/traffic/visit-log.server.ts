/**
 * The visit log's writer. A page view is noted in memory on the request path (a push, nothing else) and written
 * with the others in one transaction every second, or sooner once a batch has gathered, so logging never makes a
 * page wait on the database. Stopping the server writes what is left (stopVisitLog). A batch that cannot be
 * written stays for the next attempt; one retried after an answer that was lost is recognised by its id and not
 * written twice.
 */
import { randomUUID } from "node:crypto";
import { isbot } from "isbot";
import { getDb } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";
import { cleanLine } from "~/lib/clean-text";
import { onAppConfigChange, getAppConfig } from "~/settings/app-config.server";
import { defaultAppConfig, type AppConfig } from "~/settings/app-config";
import { classifyAgent, type AgentClass } from "./agent-class";
import { dayOf } from "./days";
import { writeOnce, stopLogWriter, type Statement } from "./log-writer.server";
import { saltOf, visitorKey } from "./visitor-key.server";
import { BoundedMap } from "~/lib/bounded-map";

export type VisitLogSettings = AppConfig["visitLog"];

/** A page view as the request showed it; what is kept of it is decided when it is written. */
export interface ViewHit {
  /** When it was asked for, epoch milliseconds. */
  at: number;
  routePath: string;
  locale: Locale;
  referrerHost: string | null;
  userAgent: string;
  address: string;
  /** The browser identity's name, as the browser sent it. */
  visitorName: string | null;
  /** The browser asked not to be tracked (DNT: 1 or Sec-GPC: 1). */
  optedOut: boolean;
}

/** The number of waiting views at which they are written at once instead of at the next tick. */
export const BATCH_ROWS = 500;
export const FLUSH_EVERY_MS = 1000;
/** While the database cannot take them, views wait in memory up to this many; older ones are dropped. */
export const MAX_WAITING = 200_000;
const MAX_NAME = 80;

/** Views noted since the last write began. */
let waiting: ViewHit[] = [];
/** Batches taken for writing and not written yet, each with the id that makes a retry harmless. */
const unwritten: { id: string; hits: ViewHit[] }[] = [];
let writing: Promise<void> | undefined;
let timer: NodeJS.Timeout | undefined;
let soon: NodeJS.Immediate | undefined;
let failing = false;
let dropped = 0;

// ── Settings, known without waiting ─────────────────────────────────────────

let known: VisitLogSettings | undefined;
let loading: Promise<VisitLogSettings> | undefined;

/** The visit-log settings (defaults for fields a stored configuration lacks). */
export function visitLogSettingsOf(config: AppConfig): VisitLogSettings {
  return { ...defaultAppConfig.visitLog, ...config.visitLog };
}

/**
 * What this process logs by: the settings, and nothing before the site is installed (every page is then the
 * installer, and the log's tables may not exist yet).
 */
function loadSettings(): Promise<VisitLogSettings> {
  loading ??= getAppConfig()
    .then((config) => ({
      ...visitLogSettingsOf(config),
      enabled: config.installed && visitLogSettingsOf(config).enabled,
    }))
    .then((settings) => (known = settings))
    .finally(() => (loading = undefined));
  return loading;
}

onAppConfigChange(() => {
  known = undefined;
  void loadSettings().catch(() => undefined);
});

/**
 * Whether a view should be noted, by the settings this process knows now. Before they are known the view is
 * noted and the writer decides with the settings read then.
 */
export function visitLogWants(optedOut: boolean): boolean {
  if (!known) {
    void loadSettings().catch(() => undefined);
    return true;
  }
  return known.enabled && !(optedOut && known.respectDoNotTrack);
}

/** Whether a request's headers ask not to be tracked. */
export function optsOut(headers: { get(name: string): string | null | undefined }): boolean {
  return headers.get("dnt") === "1" || headers.get("sec-gpc") === "1";
}

/** The identity name a browser sends in its cookie, cleaned, or null. */
export function visitorNameOf(raw: string | undefined): string | null {
  const name = raw ? cleanLine(raw).trim().slice(0, MAX_NAME) : "";
  return name || null;
}

// ── Noting and writing ──────────────────────────────────────────────────────

/** Notes one view; it is written within a second. */
export function noteView(hit: ViewHit): void {
  waiting.push(hit);
  if (waiting.length >= BATCH_ROWS && !soon) {
    soon = setImmediate(() => {
      soon = undefined;
      void flushViews();
    });
  }
}

/** How many views wait to be written (tests, the shutdown). */
export function waitingViews(): number {
  return waiting.length + unwritten.reduce((sum, batch) => sum + batch.hits.length, 0);
}

/**
 * Writes every view noted so far; resolves when they are in the database, or when the database refused (they
 * stay for the next attempt). One writer at a time: a call while one runs waits for it, then writes what
 * arrived meanwhile.
 */
export async function flushViews(): Promise<void> {
  while (writing) await writing;
  if (waiting.length) {
    unwritten.push({ id: randomUUID(), hits: waiting });
    waiting = [];
  }
  if (unwritten.length === 0) return;
  writing = (async () => {
    while (unwritten.length) {
      try {
        await writeBatch(unwritten[0]!);
      } catch (error) {
        // A batch the database refuses as such would block every later one for ever: it is given up.
        if (!refusesRows(error)) throw error;
        console.error(
          `The visit log gave up ${unwritten[0]!.hits.length} views the database refuses:`,
          error instanceof Error ? error.message : error,
        );
      }
      unwritten.shift();
    }
  })()
    .then(() => {
      if (failing) console.log("The visit log can be written again.");
      failing = false;
      if (dropped) console.error(`The visit log dropped ${dropped} views while the database was unavailable.`);
      dropped = 0;
    })
    .catch((error: unknown) => {
      if (!failing)
        console.error("Writing the visit log failed; retrying:", error instanceof Error ? error.message : error);
      failing = true;
      // Memory is not allowed to grow without end during a long outage: the oldest batches go first.
      while (waitingViews() > MAX_WAITING && unwritten.length > 1) dropped += unwritten.shift()!.hits.length;
    })
    .finally(() => (writing = undefined));
  await writing;
}

/**
 * Whether the database refused the rows themselves (a constraint, a type, malformed JSON), which no retry
 * changes, rather than being unavailable, busy, full or not migrated yet.
 */
function refusesRows(error: unknown): boolean {
  return /SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)|malformed JSON/i.test(
    error instanceof Error ? error.message : String(error),
  );
}

async function writeBatch({ id, hits }: { id: string; hits: ViewHit[] }): Promise<void> {
  const settings = await loadSettings();
  const kept = hits.filter((hit) => settings.enabled && !(hit.optedOut && settings.respectDoNotTrack));
  if (kept.length === 0) return;
  const db = await getDb();
  const days = [...new Set(kept.map((hit) => dayOf(hit.at)))];
  const salts = new Map(await Promise.all(days.map(async (day) => [day, await saltOf(db, day)] as const)));
  const rows = kept.map((hit) => viewRow(hit, salts.get(dayOf(hit.at))!, settings));
  const today = dayOf(Date.now());
  // A view of a finished day arriving late makes that day's summaries out of date: they are made again.
  const lateDays = days.filter((day) => day < today);
  const rest: Statement[] = [];
  // The rows travel as one JSON text that SQLite unpacks itself: binding a dozen values per row one by one
  // costs more than the insert.
  for (let i = 0; i < rows.length; i += JSON_ROWS) {
    rest.push({ sql: insertViews, args: [JSON.stringify(rows.slice(i, i + JSON_ROWS))] });
  }
  if (lateDays.length) {
    rest.push({
      sql: `delete from page_view_days where day in (${lateDays.map(() => "?").join(", ")})`,
      args: lateDays,
    });
  }
  // In a worker thread: a commit on an embedded database waits for the disk, which must not hold any page.
  await writeOnce(
    {
      sql: "insert into page_view_batches (id, created_at) values (?, ?) on conflict do nothing returning id",
      args: [id, Date.now()],
    },
    rest,
  );
}

/** The columns of `page_views` in the order of `viewRow`. */
const insertViews = `insert into page_views (created_at, day, route_path, locale, referrer_host, browser, os, device,
  is_bot, visitor_key, visitor_name, ip_address)
select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7,
  value ->> 8, value ->> 9, value ->> 10, value ->> 11
from json_each(?)`;

/** Rows per insert statement. */
const JSON_ROWS = 5000;

/** Classifying a user agent takes a few regular expressions; the same few agents make most views. */
const agents = new BoundedMap<string, AgentClass & { bot: boolean }>(2000);

function agentOf(userAgent: string): AgentClass & { bot: boolean } {
  let agent = agents.get(userAgent);
  if (!agent) {
    // A request without a user agent is a script, not a person.
    agent = { ...classifyAgent(userAgent), bot: userAgent === "" || isbot(userAgent) };
    agents.set(userAgent, agent);
  }
  return agent;
}

/** Keys made recently (a visitor asks for several pages), by salt, address and user agent. */
const keys = new BoundedMap<string, number>(10_000);

function keyOf(salt: string, address: string, userAgent: string): number {
  const id = `${salt}\n${address}\n${userAgent}`;
  let key = keys.get(id);
  if (key === undefined) {
    key = visitorKey(salt, address, userAgent);
    keys.set(id, key);
  }
  return key;
}

/** A view as the row the log stores, in its columns' order. */
function viewRow(hit: ViewHit, salt: string, settings: VisitLogSettings) {
  const agent = agentOf(hit.userAgent);
  return [
    hit.at,
    dayOf(hit.at),
    hit.routePath,
    hit.locale,
    hit.referrerHost,
    agent.browser,
    agent.os,
    agent.device,
    agent.bot ? 1 : 0,
    keyOf(salt, hit.address, hit.userAgent),
    hit.visitorName,
    settings.keepFullAddresses ? hit.address : null,
  ];
}

// ── Running ─────────────────────────────────────────────────────────────────

/** Starts writing every second. */
export function startVisitLog(): void {
  if (timer) return;
  void loadSettings().catch(() => undefined);
  const tick = () => {
    void flushViews().finally(() => {
      if (!timer) return;
      timer = setTimeout(tick, FLUSH_EVERY_MS);
      timer.unref();
    });
  };
  timer = setTimeout(tick, FLUSH_EVERY_MS);
  timer.unref();
}

/**
 * Stops the timer and writes what is left (the server has stopped taking requests). Gives up after `withinMs`
 * when the database does not take them, so a stop never hangs.
 */
export async function stopVisitLog(withinMs = 5000): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (soon) clearImmediate(soon);
  soon = undefined;
  const until = Date.now() + withinMs;
  while (waitingViews() > 0 || writing) {
    await flushViews();
    if (waitingViews() === 0) break;
    if (Date.now() >= until) {
      console.error(`The visit log could not write ${waitingViews()} views before stopping.`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopLogWriter();
}
