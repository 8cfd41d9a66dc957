/**
 * A query typed in the other keyboard layout that finds something as typed (the beginning of a hash, a name in a
 * code block): read in the other layout only when it is implausible as typed and that reading finds at least five
 * times as many pages. A plausible query found as typed is never rewritten. On a real index (a libSQL file).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Locale } from "~/i18n/locales";
import { impossibleLatinWord } from "~/content/search/plausibility";
import type { SearchDocument, SearchIndex } from "~/content/search/search-index.server";
import { openDatabase } from "~/db/client.server";
import { closeSearchDatabase, emptySearchIndex } from "../helpers/search-db";

function page(locale: Locale, path: string, title: string, text: string): SearchDocument {
  return { locale, path, title, sections: [{ heading: "", anchor: "", text }] };
}

/** `count` pages of `locale` whose text holds `text`. */
function pages(locale: Locale, path: string, count: number, text: string): SearchDocument[] {
  return Array.from({ length: count }, (_, i) => page(locale, `${path}-${i}`, `${path} ${i}`, text));
}

const PAGES: SearchDocument[] = [
  // Gibberish held by one page each, as names in code; what they are typed for is on many pages.
  page("fa", "/hash", "کد", "شناسه‌ی sghkl در پیکربندی."),
  ...pages("fa", "/greeting", 6, "سلام به همه."),
  page("fa", "/acronym", "کد دیگر", "متغیر lvsd را ببینید."),
  ...pages("fa", "/thanks", 5, "مرسی از شما."),
  // The other reading finds more pages, but not five times as many.
  page("fa", "/code-ntjv", "کد سوم", "تابع ntjv."),
  ...pages("fa", "/notebook", 4, "دفتر یادداشت."),
  // A plausible Latin word, found only as the beginning of a longer one: «شده» ("ani" typed on the Persian layout)
  // is on many pages, but "ani" is kept.
  page("fa", "/animation", "انیمیشن", "ساختن animation با CSS."),
  ...pages("fa", "/done", 6, "کار انجام شده است."),
  // Persian typed on the English layout's keys: «لهف» ("git") held only inside a longer word, «ذخخن» ("book") whole.
  page("en", "/persian-prefix", "A word", "The word لهفی."),
  ...pages("en", "/git", 6, "Git commits."),
  page("en", "/persian-whole", "Another word", "The word ذخخن."),
  ...pages("en", "/book", 6, "A book of notes."),
];

/**
 * 2,400 made-up English-like words (three syllables each), a vocabulary large enough for its letter pairs to be
 * judged: none writes an h, so "jivhk" holds pairs it has never met.
 */
const SYLLABLES =
  "an ni ma ter con ing re de pro ti on al er in es ed ly ment ous ble cal dis ex for pre sta ver com ar".split(" ");
function madeUpWords(count: number): string[] {
  const n = SYLLABLES.length;
  return Array.from(
    { length: count },
    (_, i) => SYLLABLES[i % n]! + SYLLABLES[Math.floor(i / n) % n]! + SYLLABLES[Math.floor(i / n / n) % n]!,
  );
}
const VOCABULARY: SearchDocument[] = Array.from({ length: 8 }, (_, i) =>
  page(
    "en",
    `/words-${i}`,
    "Words",
    madeUpWords(2_400)
      .slice(i * 300, (i + 1) * 300)
      .join(" "),
  ),
);

let index: SearchIndex;
beforeAll(async () => {
  index = await emptySearchIndex();
  await index.replaceAll(PAGES);
});
afterAll(closeSearchDatabase);

interface Case {
  locale: Locale;
  query: string;
  /** The query searched instead, if any. */
  showing?: string;
  /** A page that must be among the results. */
  found: string;
}

const CASES: Case[] = [
  // Implausible as typed (no vowel), and the other reading finds at least five times as many pages.
  { locale: "fa", query: "sgh", showing: "سلا", found: "/greeting-0" },
  { locale: "fa", query: "lvsd", showing: "مرسی", found: "/thanks-0" },
  // Persian not held whole by the index.
  { locale: "en", query: "لهف", showing: "git", found: "/git-0" },
  // Kept: the other reading finds four times as many pages, not five.
  { locale: "fa", query: "ntjv", found: "/code-ntjv" },
  // Kept: plausible as typed.
  { locale: "fa", query: "ani", found: "/animation" },
  { locale: "en", query: "ذخخن", found: "/persian-whole" },
  // Kept: found as typed and as a word (the existing guarantee).
  { locale: "fa", query: "sghkl", found: "/hash" },
];

describe("a query found as typed, in the other layout", () => {
  test.each(CASES)("$locale «$query» shows «$showing»", async ({ locale, query, showing, found }) => {
    const answer = await index.searchAsMeant(query, locale);
    expect(answer.showing).toBe(showing);
    expect(answer.results.map((r) => r.path)).toContain(found);
    if (showing) expect(answer.results.map((r) => r.path)).not.toContain("/hash");
  });

  test("a query that fills the results asked for as typed is kept", async () => {
    const answer = await index.searchAsMeant("sgh", "fa", 1);
    expect(answer.showing).toBeUndefined();
    expect(answer.results.map((r) => r.path)).toEqual(["/hash"]);
  });

  test("searching exactly what was typed finds what was typed", async () => {
    const answer = await index.searchAsMeant("sgh", "fa", 8, true);
    expect(answer.showing).toBeUndefined();
    expect(answer.results.map((r) => r.path)).toEqual(["/hash"]);
  });

  test("the results of the other reading are all of what it finds, up to the limit", async () => {
    const answer = await index.searchAsMeant("sgh", "fa", 20);
    expect(answer.results.map((r) => r.path).sort()).toEqual(
      PAGES.filter((p) => p.path.startsWith("/greeting")).map((p) => p.path),
    );
  });
});

describe("Latin words impossible as typed", () => {
  test.each(["sgh", "lvsd", "sghl", "ntjv", "hsj", "qwrtpsdfa", "bcdfgh"])("«%s»", (word) => {
    expect(impossibleLatinWord(word)).toBe(true);
  });
  test.each(["ani", "git", "rhythm", "strengths", "instruments", "a", "jivhk", "nostr"])("«%s» is possible", (word) => {
    expect(impossibleLatinWord(word)).toBe(false);
  });
});

describe("letter pairs the vocabulary does not write", () => {
  beforeAll(async () => {
    await index.replaceAll([
      ...PAGES,
      ...VOCABULARY,
      // «تهران» typed in the US layout is "jivhk", the beginning of a name on one page; it writes a vowel.
      page("fa", "/code-jivhk", "کد", "تابع jivhkt."),
      ...pages("fa", "/tehran", 5, "سفر به تهران."),
    ]);
  });

  test("a word with pairs the vocabulary holds fewer than three times is implausible", async () => {
    const answer = await index.searchAsMeant("jivhk", "fa");
    expect(answer.showing).toBe("تهران");
    expect(answer.results.map((r) => r.path)).toContain("/tehran-0");
  });

  test("a word whose pairs the vocabulary writes is kept", async () => {
    // "ani" («شده») writes an and ni, which the made-up words hold hundreds of times.
    const answer = await index.searchAsMeant("ani", "fa");
    expect(answer.showing).toBeUndefined();
    expect(answer.results.map((r) => r.path)).toEqual(["/animation"]);
  });

  test("the counts kept as pages are written are those the migration makes from the vocabulary", async () => {
    const { db, client } = await openDatabase(process.env.DATABASE_URL!);
    try {
      const read = () =>
        db.all<{ pair: string; terms: number }>(sql`select pair, terms from search_letter_pairs order by pair`);
      const kept = await read();
      expect(kept.find((row) => row.pair === "latn")?.terms).toBeGreaterThanOrEqual(2_400);
      const migration = readFileSync(
        path.join(import.meta.dirname, "../../drizzle/0025_search_letter_pairs.sql"),
        "utf8",
      );
      const inserts = migration.split("--> statement-breakpoint").filter((statement) => /INSERT INTO/.test(statement));
      expect(inserts).toHaveLength(2);
      await db.run(sql`delete from search_letter_pairs`);
      for (const statement of inserts) await db.run(sql.raw(statement));
      expect(await read()).toEqual(kept);
    } finally {
      client.close();
    }
  });
});
