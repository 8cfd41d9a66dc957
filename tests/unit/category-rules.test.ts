import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, test } from "vitest";
import { categorySlug, reservedSlugs } from "~/content/schema";
import routes from "~/routes";

describe("a category's slug", () => {
  test.each([
    ["essays", "essays"],
    ["Short-Stories", "short-stories"],
    [" year-۱۴۰۵ ", "year-1405"],
  ])("%j is taken as %j", (input, slug) => {
    expect(categorySlug.parse(input)).toBe(slug);
  });

  test.each(["", "two words", "a--b", "-lead", "trail-", "کتاب", "a/b", "x".repeat(41), "tags"])(
    "%j is refused",
    (input) => {
      expect(categorySlug.safeParse(input).success).toBe(false);
    },
  );

  test("no page route of the site can be hidden by a category: every first segment is reserved", () => {
    const firstSegments = (entries: RouteConfigEntry[]): string[] =>
      entries.flatMap((entry) => {
        const first = (entry.path ?? "").split("/")[0] ?? "";
        return [first, ...(entry.path ? [] : firstSegments(entry.children ?? []))];
      });
    const used = new Set(firstSegments(routes).filter((segment) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(segment)));
    expect([...used].filter((segment) => !(reservedSlugs as readonly string[]).includes(segment))).toEqual([]);
  });
});
