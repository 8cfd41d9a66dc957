import { afterAll, beforeEach, describe, expect, test } from "vitest";

import { EXCERPT_LENGTH, buildExcerpt, type ExcerptPart } from "~/content/search/excerpt";
import { MAX_QUERY_LENGTH } from "~/content/search/query";
import type { SearchDocument, SearchIndex } from "~/content/search/search-index.server";
import { closeSearchDatabase, emptySearchIndex } from "../helpers/search-db";

const ZWNJ = "\u200c";

function page(over: Partial<SearchDocument> & Pick<SearchDocument, "path">): SearchDocument {
  return {
    locale: "fa",
    title: "عنوان",
    sections: [{ heading: "", anchor: "", text: "متن" }],
    ...over,
  };
}

const paths = (results: { path: string }[]): string[] => results.map((r) => r.path);
const joinParts = (parts: ExcerptPart[]): string => parts.map((p) => p.text).join("");
const matched = (parts: ExcerptPart[]): string[] => parts.filter((p) => p.match).map((p) => p.text);

afterAll(closeSearchDatabase);

describe("SearchIndex maintenance", () => {
  let index: SearchIndex;
  beforeEach(async () => {
    index = await emptySearchIndex();
  });

  test("size counts pages, not sections", async () => {
    expect(await index.size()).toBe(0);
    await index.upsert(
      page({
        path: "/a",
        sections: [
          { heading: "", anchor: "", text: "یک" },
          { heading: "دو", anchor: "do", text: "دو" },
        ],
      }),
    );
    await index.upsert(page({ path: "/b", locale: "en" }));
    expect(await index.size()).toBe(2);
  });

  test("upsert replaces the page with the same locale and path", async () => {
    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text: "سیب قرمز" }] }));
    expect(paths(await index.search("سیب", "fa"))).toEqual(["/a"]);

    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text: "پرتقال زرد" }] }));
    expect(await index.size()).toBe(1);
    expect(await index.search("سیب", "fa")).toEqual([]);
    expect(paths(await index.search("پرتقال", "fa"))).toEqual(["/a"]);
  });

  test("the same path in another locale is another page", async () => {
    await index.upsert(
      page({ path: "/a", locale: "fa", sections: [{ heading: "", anchor: "", text: "React کتابخانه" }] }),
    );
    await index.upsert(
      page({ path: "/a", locale: "en", sections: [{ heading: "", anchor: "", text: "React library" }] }),
    );
    expect(await index.size()).toBe(2);
    await index.remove("en", "/a");
    expect(await index.size()).toBe(1);
    expect(await index.search("react", "en")).toEqual([]);
    expect(paths(await index.search("react", "fa"))).toEqual(["/a"]);
  });

  test("remove removes; removing an unknown page is a no-op", async () => {
    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text: "سیب" }] }));
    await index.upsert(page({ path: "/b", sections: [{ heading: "", anchor: "", text: "سیب" }] }));
    await index.remove("fa", "/a");
    await index.remove("fa", "/missing");
    await index.remove("en", "/b");
    expect(await index.size()).toBe(1);
    expect(paths(await index.search("سیب", "fa"))).toEqual(["/b"]);
    // can be added again after removal
    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text: "سیب" }] }));
    expect(paths(await index.search("سیب", "fa")).sort()).toEqual(["/a", "/b"]);
  });

  test("replaced versions leave nothing behind", async () => {
    const v1 = (i: number) => page({ path: `/p${i}`, sections: [{ heading: "", anchor: "", text: "انار انار انار" }] });
    const v2 = (i: number) =>
      page({ path: `/p${i}`, sections: [{ heading: "", anchor: "", text: `انار و چیزهای دیگر ${i}` }] });
    for (let i = 0; i < 10; i++) await index.upsert(v1(i));
    for (let i = 0; i < 10; i++) await index.upsert(v2(i));
    expect(await index.size()).toBe(10);
    expect(await index.search("انار", "fa")).toHaveLength(8);
    expect(await index.search("انار", "fa", 10)).toHaveLength(10);
    for (let i = 0; i < 10; i++) await index.remove("fa", `/p${i}`);
    await index.upsert(v2(0));
    expect(paths(await index.search("انار", "fa"))).toEqual(["/p0"]);
  });

  test("replaceAll rebuilds from scratch; a later duplicate wins", async () => {
    await index.upsert(page({ path: "/old", sections: [{ heading: "", anchor: "", text: "سیب" }] }));
    await index.replaceAll([
      page({ path: "/x", sections: [{ heading: "", anchor: "", text: "انگور" }] }),
      page({ path: "/x", sections: [{ heading: "", anchor: "", text: "هلو" }] }),
      page({ path: "/y", locale: "en", sections: [{ heading: "", anchor: "", text: "grape" }] }),
    ]);
    expect(await index.size()).toBe(2);
    expect(await index.search("سیب", "fa")).toEqual([]);
    expect(await index.search("انگور", "fa")).toEqual([]);
    expect(paths(await index.search("هلو", "fa"))).toEqual(["/x"]);
    expect(paths(await index.search("grape", "en"))).toEqual(["/y"]);
    // and upsert/remove keep working after a rebuild
    await index.remove("fa", "/x");
    expect(await index.search("هلو", "fa")).toEqual([]);
  });

  test("keeps its own copy of documents", async () => {
    const doc = page({
      path: "/a",
      title: "Original",
      locale: "en",
      sections: [{ heading: "", anchor: "", text: "alpha" }],
    });
    await index.upsert(doc);
    doc.title = "Changed";
    doc.sections[0]!.text = "beta";
    doc.sections.push({ heading: "Gamma", anchor: "gamma", text: "gamma" });
    const [hit] = await index.search("alpha", "en");
    expect(hit?.title).toBe("Original");
    expect(await index.search("beta", "en")).toEqual([]);
    // removal still works although the caller's object changed
    await index.remove("en", "/a");
    expect(await index.search("alpha", "en")).toEqual([]);
  });

  test("rejects unknown locales", async () => {
    await expect(index.upsert({ ...page({ path: "/a" }), locale: "de" as never })).rejects.toThrow(/locale/);
    expect(await index.size()).toBe(0);
    expect(await index.search("متن", "de" as never)).toEqual([]);
  });
});

describe("SearchIndex.search", () => {
  test("filters by locale", async () => {
    const index = await emptySearchIndex();
    await index.replaceAll([
      page({ path: "/fa/ts", locale: "fa", title: "TypeScript در عمل" }),
      page({ path: "/en/ts", locale: "en", title: "TypeScript in practice" }),
    ]);
    expect(paths(await index.search("typescript", "fa"))).toEqual(["/fa/ts"]);
    expect(paths(await index.search("typescript", "en"))).toEqual(["/en/ts"]);
  });

  test("returns one result per page, pointing at the best section", async () => {
    const index = await emptySearchIndex();
    await index.upsert(
      page({
        path: "/guide",
        locale: "en",
        title: "Guide",
        sections: [
          { heading: "", anchor: "", text: "An introduction that mentions testing once." },
          { heading: "Setup", anchor: "setup", text: "Install the tools. Testing comes later." },
          { heading: "Testing", anchor: "testing", text: "Unit testing with Vitest: write testing code." },
          { heading: "Deploy", anchor: "deploy", text: "Ship it." },
        ],
      }),
    );
    const results = await index.search("testing", "en");
    expect(results).toHaveLength(1);
    expect(results[0]!.section).toEqual({ heading: "Testing", anchor: "testing" });
    expect(matched(results[0]!.excerpt)).toEqual(["testing", "testing"]);

    // the section covering all query words beats one with a heading match only
    const both = await index.search("testing vitest", "en");
    expect(both).toHaveLength(1);
    expect(both[0]!.section?.anchor).toBe("testing");
  });

  test("a match in the intro has no section; title-only matches excerpt the start of the text", async () => {
    const index = await emptySearchIndex();
    const longIntro = "Lorem ipsum dolor sit amet ".repeat(20);
    await index.replaceAll([
      page({
        path: "/intro",
        locale: "en",
        title: "Intro",
        sections: [{ heading: "", anchor: "", text: "A word about kittens." }],
      }),
      page({
        path: "/titled",
        locale: "en",
        title: "Everything about puppies",
        sections: [
          { heading: "", anchor: "", text: longIntro },
          { heading: "More", anchor: "more", text: "Other things." },
        ],
      }),
    ]);
    const [intro] = await index.search("kittens", "en");
    expect(intro?.section).toBeUndefined();
    expect(matched(intro!.excerpt)).toEqual(["kittens"]);

    const [titled] = await index.search("puppies", "en");
    expect(titled?.title).toBe("Everything about puppies");
    expect(titled?.section).toBeUndefined();
    expect(titled!.excerpt.some((p) => p.match)).toBe(false);
    expect(titled!.excerpt[0]!.text.startsWith("Lorem ipsum dolor")).toBe(true);
    expect(titled!.excerpt.at(-1)).toEqual({ text: "…", match: false });
  });

  test("pages without sections are found by title and description", async () => {
    const index = await emptySearchIndex();
    await index.upsert({
      locale: "en",
      path: "/bare",
      title: "Bare page",
      description: "Only a description",
      sections: [],
    });
    expect(paths(await index.search("bare", "en"))).toEqual(["/bare"]);
    const [hit] = await index.search("description", "en");
    expect(hit?.path).toBe("/bare");
    expect(joinParts(hit!.excerpt)).toBe("Only a description");
  });

  test("orders by score: title beats body text", async () => {
    const index = await emptySearchIndex();
    await index.replaceAll([
      page({
        path: "/body",
        sections: [{ heading: "", anchor: "", text: "در این متن از زعفران هم یاد می‌شود و مطالب دیگر" }],
      }),
      page({ path: "/title", title: "زعفران", sections: [{ heading: "", anchor: "", text: "درباره‌ی یک گیاه" }] }),
      page({
        path: "/heading",
        sections: [{ heading: "زعفران", anchor: "z", text: "گیاهی ارزشمند است و مطالب دیگر" }],
      }),
    ]);
    const results = await index.search("زعفران", "fa");
    expect(paths(results)).toEqual(["/title", "/heading", "/body"]);
    expect(results[0]!.score).toBeGreaterThan(results[1]!.score);
    expect(results[1]!.score).toBeGreaterThan(results[2]!.score);
  });

  test("more words narrow the results; OR is the fallback when AND finds nothing", async () => {
    const index = await emptySearchIndex();
    await index.replaceAll([
      page({ path: "/both", sections: [{ heading: "", anchor: "", text: "چای و قهوه" }] }),
      page({ path: "/tea", sections: [{ heading: "", anchor: "", text: "فقط چای" }] }),
      page({ path: "/coffee", sections: [{ heading: "", anchor: "", text: "فقط قهوه" }] }),
    ]);
    expect(paths(await index.search("چای", "fa")).sort()).toEqual(["/both", "/tea"]);
    expect(paths(await index.search("چای قهوه", "fa"))).toEqual(["/both"]);
    const fallback = await index.search("چای شکلات", "fa");
    expect(paths(fallback).sort()).toEqual(["/both", "/tea"]);
  });

  test("words may come from different sections and from the title", async () => {
    const index = await emptySearchIndex();
    await index.upsert(
      page({
        path: "/p",
        locale: "en",
        title: "Gardening",
        sections: [
          { heading: "", anchor: "", text: "Tomatoes need sun." },
          { heading: "Soil", anchor: "soil", text: "Compost helps." },
        ],
      }),
    );
    await index.upsert(
      page({ path: "/q", locale: "en", title: "Compost", sections: [{ heading: "", anchor: "", text: "Heaps." }] }),
    );
    const results = await index.search("gardening compost", "en");
    expect(paths(results)).toEqual(["/p"]);
    expect(results[0]!.section?.anchor).toBe("soil");
  });

  test("typo matches rank below exact ones and are only used when exact matches do not fill the page", async () => {
    const index = await emptySearchIndex();
    await index.replaceAll([
      page({ path: "/reach-1", locale: "en", sections: [{ heading: "", anchor: "", text: "out of reach" }] }),
      page({ path: "/reach-2", locale: "en", sections: [{ heading: "", anchor: "", text: "within reach" }] }),
      page({ path: "/react", locale: "en", sections: [{ heading: "", anchor: "", text: "learning react" }] }),
    ]);
    const results = await index.search("react", "en");
    expect(paths(results)[0]).toBe("/react");
    expect(paths(results).sort()).toEqual(["/reach-1", "/reach-2", "/react"]);
    expect(results[0]!.score).toBeGreaterThan(results[1]!.score);
    // one exact match fills a page of one: no typo expansion
    expect(paths(await index.search("react", "en", 1))).toEqual(["/react"]);
    // swapped letters
    expect(paths(await index.search("raect", "en"))).toEqual(["/react"]);
  });

  test("no typo expansion when exact matches fill the limit, even if a typo match would score higher", async () => {
    const index = await emptySearchIndex();
    const filler = "some longer body text that dilutes the score of a single word";
    await index.replaceAll([
      page({ path: "/a", locale: "en", sections: [{ heading: "", anchor: "", text: `react ${filler}` }] }),
      page({ path: "/b", locale: "en", sections: [{ heading: "", anchor: "", text: `${filler} react` }] }),
      page({
        path: "/c",
        locale: "en",
        title: "Reach",
        sections: [{ heading: "Reach", anchor: "r", text: "reach reach" }],
      }),
    ]);
    expect(paths(await index.search("react", "en", 3))[0]).toBe("/c"); // typo match outscores when it is used
    expect(paths(await index.search("react", "en", 2)).sort()).toEqual(["/a", "/b"]);
  });

  test("a swapped-letters match weighs less than an exact match", async () => {
    const index = await emptySearchIndex();
    await index.replaceAll([
      page({ path: "/a-swapped", locale: "en", sections: [{ heading: "", anchor: "", text: "learning react" }] }),
      page({ path: "/b-exact", locale: "en", sections: [{ heading: "", anchor: "", text: "learning raect" }] }),
    ]);
    expect(paths(await index.search("raect", "en"))).toEqual(["/b-exact", "/a-swapped"]);
  });

  test("a compound never spans two sections", async () => {
    const index = await emptySearchIndex();
    await index.upsert(
      page({
        path: "/a",
        sections: [
          { heading: "", anchor: "", text: "آخر بخش اول: می" },
          { heading: "دوم", anchor: "b", text: "خواهم در آغاز بخش دوم" },
        ],
      }),
    );
    expect(await index.search("میخواهم", "fa")).toEqual([]);
    expect(paths(await index.search("خواهم", "fa"))).toEqual(["/a"]);
  });

  test("limit: default 8, custom, non-positive", async () => {
    const index = await emptySearchIndex();
    await index.replaceAll(
      Array.from({ length: 20 }, (_, i) =>
        page({ path: `/p${i}`, sections: [{ heading: "", anchor: "", text: `انار شماره ${i}` }] }),
      ),
    );
    expect(await index.search("انار", "fa")).toHaveLength(8);
    expect(await index.search("انار", "fa", 3)).toHaveLength(3);
    expect(await index.search("انار", "fa", 50)).toHaveLength(20);
    expect(await index.search("انار", "fa", 0)).toEqual([]);
    // results are unique pages
    expect(new Set(paths(await index.search("انار", "fa", 50))).size).toBe(20);
  });

  test("empty and whitespace queries return nothing", async () => {
    const index = await emptySearchIndex();
    await index.upsert(page({ path: "/a" }));
    for (const q of ["", " ", "\n\t", ZWNJ, "، ؟ «»"]) expect(await index.search(q, "fa")).toEqual([]);
  });

  test("a word of one or two letters matches whole words only: it never expands to every word it begins", async () => {
    const index = await emptySearchIndex();
    await index.replaceAll([
      page({ path: "/whole", sections: [{ heading: "", anchor: "", text: "کت شلوار" }] }),
      page({ path: "/longer", sections: [{ heading: "", anchor: "", text: "کتاب کتری" }] }),
      page({ path: "/en-whole", locale: "en", sections: [{ heading: "", anchor: "", text: "ab testing" }] }),
      page({ path: "/en-longer", locale: "en", sections: [{ heading: "", anchor: "", text: "abacus abbey" }] }),
    ]);
    expect(paths(await index.search("کت", "fa"))).toEqual(["/whole"]);
    expect(paths(await index.search("ab", "en"))).toEqual(["/en-whole"]);
    // From three letters, a prefix.
    expect(paths(await index.search("کتا", "fa"))).toEqual(["/longer"]);
  });

  test("a word's typo corrections are bounded: at most 24 words of the index, the closest first", async () => {
    const index = await emptySearchIndex();
    // 40 words one letter away from the query, each on a page of its own, and one two letters away.
    const letters = "abcdefghijklmnopqrstuvwxy0123456789αβγδε";
    await index.replaceAll([
      ...[...letters].map((c, i) =>
        page({
          path: `/p${String(i).padStart(2, "0")}`,
          locale: "en",
          sections: [{ heading: "", anchor: "", text: `keyboar${c}` }],
        }),
      ),
      page({ path: "/far", locale: "en", sections: [{ heading: "", anchor: "", text: "keybozzd" }] }),
    ]);
    const found = paths(await index.search("keyboarz", "en", 100));
    expect(found).toHaveLength(24);
    expect(found).not.toContain("/far");
  });

  test("queries are capped at 200 characters", async () => {
    expect(MAX_QUERY_LENGTH).toBe(200);
    const index = await emptySearchIndex();
    await index.upsert(page({ path: "/a", locale: "en", sections: [{ heading: "", anchor: "", text: "needle" }] }));
    const filler = "x".repeat(199);
    // "needle" starts after the cap: only "x…" is searched (and not found)
    expect(await index.search(`${filler} needle`, "en")).toEqual([]);
    expect(paths(await index.search(`needle ${filler}`.slice(0, 150), "en"))).toEqual(["/a"]);
    const huge = "needle ".repeat(20_000);
    const t = performance.now();
    expect(paths(await index.search(huge, "en"))).toEqual(["/a"]);
    expect(performance.now() - t).toBeLessThan(200);
  });
});

describe("excerpts and highlighting", () => {
  test("highlights the original characters for a query typed differently", async () => {
    const index = await emptySearchIndex();
    // diacritics and tatweel before the matches shift the normalised offsets
    const text = `بِسْمِ‌ـــاللّٰه: در سال ۱۴۰۳ چند كتاب‌هاي تازه و کـــتابِ قدیمی خواندم.`;
    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text }] }));

    const [byPersian] = await index.search("کتاب", "fa");
    expect(matched(byPersian!.excerpt)).toEqual([`كتاب${ZWNJ}هاي`, "کـــتابِ"]);
    expect(joinParts(byPersian!.excerpt)).toBe(text);

    const [byArabic] = await index.search("كتاب", "fa");
    expect(byArabic!.excerpt).toEqual(byPersian!.excerpt);

    const [byDigits] = await index.search("1403", "fa");
    expect(matched(byDigits!.excerpt)).toEqual(["۱۴۰۳"]);
    const [byArabicDigits] = await index.search("١٤٠٣", "fa");
    expect(matched(byArabicDigits!.excerpt)).toEqual(["۱۴۰۳"]);
  });

  test("highlights a compound found through its joined spelling", async () => {
    const index = await emptySearchIndex();
    const text = `من می${ZWNJ}خواهم بروم و او می ماند. برنامه${ZWNJ}نویسی`;
    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text }] }));
    const [joined] = await index.search("میخواهم", "fa");
    expect(matched(joined!.excerpt)).toEqual([`می${ZWNJ}خواهم`]);
    const [spaced] = await index.search("میماند", "fa");
    expect(matched(spaced!.excerpt)).toEqual(["می ماند"]);
    const [part] = await index.search("خواهم", "fa");
    expect(matched(part!.excerpt)).toEqual(["خواهم"]);
    const [prefix] = await index.search("برنام", "fa");
    expect(matched(prefix!.excerpt)).toEqual([`برنامه${ZWNJ}نویسی`]);
  });

  test("English highlights keep the original case and accents", async () => {
    const index = await emptySearchIndex();
    await index.upsert(
      page({ path: "/a", locale: "en", sections: [{ heading: "", anchor: "", text: "Visit the CAFÉ and the Café." }] }),
    );
    const [hit] = await index.search("cafe", "en");
    expect(matched(hit!.excerpt)).toEqual(["CAFÉ", "Café"]);
  });

  test("long texts are cut around the first match with … at the cut ends", async () => {
    const before = "آغاز ".repeat(60);
    const after = " پایان".repeat(60);
    const text = `${before}واژه‌ای نادر به نام زرین‌کلک${after}`;
    const index = await emptySearchIndex();
    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text }] }));
    const [hit] = await index.search("زرین", "fa");
    const parts = hit!.excerpt;
    expect(parts[0]).toEqual({ text: "…", match: false });
    expect(parts.at(-1)).toEqual({ text: "…", match: false });
    expect(matched(parts)).toEqual(["زرین‌کلک"]);
    const body = joinParts(parts.slice(1, -1));
    expect(body.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 10);
    expect(body.length).toBeGreaterThan(EXCERPT_LENGTH / 2);
    expect(text.includes(body)).toBe(true); // original characters, cut at word boundaries
    expect(body.startsWith("آغاز")).toBe(true);
    expect(body.endsWith("پایان")).toBe(true);
  });

  test("no leading … when the first match is close to the start", async () => {
    const text = `${"کلمه ".repeat(12)}زعفران ${"پایان ".repeat(40)}`; // match at ~60 characters
    const index = await emptySearchIndex();
    await index.upsert(page({ path: "/a", sections: [{ heading: "", anchor: "", text }] }));
    const [hit] = await index.search("زعفران", "fa");
    expect(hit!.excerpt[0]!.text.startsWith("کلمه کلمه")).toBe(true);
    expect(hit!.excerpt.at(-1)!.text).toBe("…");
  });

  test("buildExcerpt: short text, no match, whitespace collapsed", async () => {
    expect(buildExcerpt("", new Set(["x"]))).toEqual([]);
    expect(buildExcerpt("Hello\n\n  world", new Set())).toEqual([{ text: "Hello world", match: false }]);
    expect(buildExcerpt("Hello world", new Set(["world"]))).toEqual([
      { text: "Hello ", match: false },
      { text: "world", match: true },
    ]);
    const long = "word ".repeat(100);
    const parts = buildExcerpt(long, new Set());
    expect(parts.at(-1)).toEqual({ text: "…", match: false });
    expect(parts[0]!.text.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
  });
});
