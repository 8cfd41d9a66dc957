/**
 * A query typed in the other keyboard layout that finds something as typed (the beginning of a hash, a name in a
 * code block): read in the other layout only when it is implausible as typed and that reading finds at least five
 * times as many pages. A plausible query found as typed is never rewritten. On a real index (a libSQL file).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Locale } from "~/i18n/locales";
import { impossibleLatinWord } from "~/content/search/plausibility";
import type { SearchDocument, SearchIndex } from "~/content/search/search-index.server";
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
