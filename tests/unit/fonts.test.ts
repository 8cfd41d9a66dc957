import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  type FontFace,
  parseRange,
  publishedFonts,
  publishedRange,
  vazirmatnFaces,
  vazirmatnStylesheet,
  WEIGHTS,
} from "../../scripts/font-faces";
import { projectRoot } from "../../scripts/build-if-stale";
import { axesOf, codePointsOf } from "../helpers/woff2-tables";

const fontsDir = path.join(projectRoot, "app/ui/fonts");
const faces = vazirmatnFaces();
const drawn = (face: FontFace) => codePointsOf(readFileSync(path.join(fontsDir, face.file)));
const inRange = (range: string) => {
  const spans = parseRange(range);
  return (c: number) => spans.some(([a, b]) => a <= c && c <= b);
};
const persian = faces.find((face) => face.name === "persian")!;

function filesUnder(dir: string, extension: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extension.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the site's Vazirmatn files", () => {
  test("the stylesheet is the one the script writes", () => {
    expect(readFileSync(path.join(fontsDir, "vazirmatn.css"), "utf8")).toBe(vazirmatnStylesheet(faces));
  });

  test.each(faces)("$file varies in weight from the lightest the site sets to the boldest", (face) => {
    expect(axesOf(readFileSync(path.join(fontsDir, face.file)))).toEqual([
      { tag: "wght", min: WEIGHTS.min, max: WEIGHTS.max },
    ]);
  });

  test("the Persian file draws every letter its rule sends to it", () => {
    const points = drawn(persian);
    const [missing, present] = [[] as string[], [] as number[]];
    for (const [a, b] of parseRange(persian.unicodeRange)) {
      for (let c = a; c <= b; c++) (points.has(c) ? present : missing).push(c.toString(16) as never);
    }
    expect(missing).toEqual([]);
    expect(present.length).toBeGreaterThan(80);
    // Nothing else: Latin letters come from the Latin file.
    expect(points.size).toBe(present.length);
  });

  test.each(["arabic", "latin", "latin-ext"] as const)(
    "every letter the published %s subset drew is drawn by a file whose rule sends it there",
    (subset) => {
      const published = codePointsOf(
        readFileSync(path.join(publishedFonts, "files", `vazirmatn-${subset}-wght-normal.woff2`)),
      );
      const servedBy = faces.map((face) => ({ covers: inRange(face.unicodeRange), points: drawn(face) }));
      const covered = inRange(publishedRange(subset));
      const lost = [...published]
        .filter(covered)
        .filter((c) => !servedBy.some((face) => face.covers(c) && face.points.has(c)))
        .map((c) => c.toString(16));
      expect(lost).toEqual([]);
    },
  );

  test("the bundled Persian pages and the Persian interface need no Arabic letter outside the Persian file", () => {
    const arabicScript = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/gu;
    const persianCovers = inRange(persian.unicodeRange);
    const texts = [
      ...filesUnder(path.join(projectRoot, "content/fa"), /\.md$/),
      ...filesUnder(path.join(projectRoot, "app/i18n/catalogs/fa"), /\.ts$/),
    ];
    expect(texts.length).toBeGreaterThan(20);
    const outside = new Set<string>();
    for (const file of texts) {
      for (const [letter] of readFileSync(file, "utf8").matchAll(arabicScript)) {
        if (!persianCovers(letter.codePointAt(0)!))
          outside.add(`${letter} U+${letter.codePointAt(0)!.toString(16)} in ${file}`);
      }
    }
    expect([...outside]).toEqual([]);
  });

  test("no text is set lighter than the files' lightest weight", () => {
    const lighter = new RegExp(String.raw`\bfont-(?:thin|extralight|light)\b|font-weight:\s*(?:[1-3]00|lighter)\b`);
    const found = filesUnder(path.join(projectRoot, "app"), /\.(?:tsx?|css)$/).filter((file) =>
      lighter.test(readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
    expect(WEIGHTS.min).toBe(400);
  });
});
