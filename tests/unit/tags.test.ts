import { describe, expect, test } from "vitest";
import type { PageSummary } from "~/content/catalog.server";
import { buildTagIndex, tagKey, tagOfPath, tagPath } from "~/content/tags.server";

function post(path: string, tags: string[]): PageSummary {
  return {
    locale: "fa",
    path,
    title: path,
    description: "",
    date: "2026-01-01",
    category: null,
    tags,
    thumbnail: null,
    author: null,
    translationOf: null,
    seoTitle: null,
    seoDescription: null,
    toc: false,
    comments: false,
    intro: false,
    updatedAt: 0,
  };
}

describe("tag addresses", () => {
  test("a tag's address is its NFC text percent-encoded as one segment, and reads back as the tag", () => {
    const tag = "مهندسی نرم\u200cافزار";
    expect(tagPath(tag)).toBe(`/tags/${encodeURIComponent(tag)}`);
    expect(tagPath(tag)).toContain("%E2%80%8C");
    expect(tagPath(tag)).toContain("%20");
    expect(tagPath("CI/CD")).toBe("/tags/CI%2FCD");
    expect(tagPath("Cafe\u0301")).toBe(tagPath("Café"));
    for (const written of [tag, "CI/CD", "100%", "C++", "a?b#c"]) expect(tagOfPath(tagPath(written)!)).toBe(written);
    expect(tagOfPath("/tags/TypeScript/")).toBe("TypeScript");
    expect(tagOfPath("/tags/%E0%A4%A")).toBeUndefined();
    expect(tagOfPath("/tags/a/b")).toBeUndefined();
  });

  test("tags no address can carry have none", () => {
    for (const tag of [".", "..", "", " "]) expect(tagPath(tag), JSON.stringify(tag)).toBeUndefined();
    expect(tagPath("...")).toBe("/tags/...");
  });
});

describe("the tag index", () => {
  test("one tag per spelling up to case and Unicode form; ZWNJ and space stay different", () => {
    expect(tagKey("React")).toBe(tagKey("react"));
    expect(tagKey("Café")).toBe(tagKey("CAFE\u0301"));
    expect(tagKey("نرم\u200cافزار")).not.toBe(tagKey("نرم افزار"));
  });

  test("names a tag by its most used spelling, the newest post's on a tie, and lists each post once", () => {
    const posts = [
      post("/newest", ["react", "React", "vue"]),
      post("/middle", ["React", "Vue"]),
      post("/oldest", ["REACT", ".", "Vue"]),
    ];
    const index = buildTagIndex(posts);
    expect(index.get(tagKey("react"))).toMatchObject({ name: "React", path: "/tags/React" });
    expect(index.get(tagKey("react"))!.posts.map((p) => p.path)).toEqual(["/newest", "/middle", "/oldest"]);
    // "Vue" twice, "vue" once.
    expect(index.get(tagKey("vue"))!.name).toBe("Vue");
    expect(buildTagIndex([post("/a", ["b"]), post("/b", ["B"])]).get("b")!.name).toBe("b");
    expect(index.has(".")).toBe(false);
  });
});
