/**
 * Which letters each of the site's Vazirmatn files holds (scripts/subset-fonts.ts makes them), as CSS
 * `unicode-range` lists, and the stylesheet that serves them.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The Persian alphabet with its digits, punctuation and marks: what a Persian page shows from the Arabic script. */
export const persianLetters = [
  "U+060C", // comma
  "U+061B", // semicolon
  "U+061F", // question mark
  "U+0621-063A", // hamza to ghain (with teh marbuta and the hamza seats)
  "U+0640-0655", // tatweel, feh to yeh, short vowels, shadda, sukun, maddah and hamza marks
  "U+0660-066D", // Arabic-Indic digits, percent, decimal and thousands separators
  "U+0670", // superscript alef
  "U+067E", // peh
  "U+0686", // tcheh
  "U+0698", // jeh
  "U+06A9", // keheh
  "U+06AF", // gaf
  "U+06C0", // heh with yeh above
  "U+06CC", // Farsi yeh
  "U+06F0-06F9", // Persian digits
  "U+200C-200E", // zero-width non-joiner and joiner, left-to-right mark
  "U+2010-2011", // hyphens
];

export const WEIGHTS = { min: 400, max: 900 };

export interface FontFace {
  name: string;
  file: string;
  /** The published subset it is cut from. */
  source: "arabic" | "latin" | "latin-ext";
  unicodeRange: string;
}

type Span = [number, number];

export function parseRange(range: string): Span[] {
  return range
    .split(",")
    .map((part) => part.trim().replace(/^U\+/i, ""))
    .filter(Boolean)
    .map((part): Span => {
      const [from = "", to = from] = part.split("-");
      return [parseInt(from, 16), parseInt(to, 16)];
    })
    .sort((a, b) => a[0] - b[0]);
}

export function formatRange(spans: Span[]): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return spans.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(",");
}

/** `range` without the code points of `taken`. */
export function subtractRange(range: string, taken: string): string {
  const out: Span[] = [];
  const holes = parseRange(taken);
  for (const [from, to] of parseRange(range)) {
    let start = from;
    for (const [a, b] of holes) {
      if (b < start || a > to) continue;
      if (a > start) out.push([start, a - 1]);
      start = Math.max(start, b + 1);
    }
    if (start <= to) out.push([start, to]);
  }
  return formatRange(out);
}

/** Where the published variable font's subsets are (@fontsource-variable/vazirmatn). */
export const publishedFonts = path.dirname(
  createRequire(import.meta.url).resolve("@fontsource-variable/vazirmatn/package.json"),
);

/** A published subset's `unicode-range`, as its stylesheet declares it. */
export function publishedRange(subset: FontFace["source"]): string {
  const css = readFileSync(path.join(publishedFonts, "wght.css"), "utf8");
  const rule = css.split("@font-face").find((r) => r.includes(`vazirmatn-${subset}-wght-normal.woff2`));
  const range = rule?.match(/unicode-range:\s*([^;]+);/)?.[1];
  if (!range) throw new Error(`no unicode-range for ${subset} in the published stylesheet`);
  return range.replace(/\s/g, "");
}

/** The site's files. */
export function vazirmatnFaces(): FontFace[] {
  const published = {
    arabic: publishedRange("arabic"),
    latin: publishedRange("latin"),
    latinExt: publishedRange("latin-ext"),
  };
  const persian = formatRange(parseRange(persianLetters.join(",")));
  return [
    {
      name: "arabic",
      file: "vazirmatn-arabic.woff2",
      source: "arabic",
      unicodeRange: subtractRange(published.arabic, persian),
    },
    { name: "latin-ext", file: "vazirmatn-latin-ext.woff2", source: "latin-ext", unicodeRange: published.latinExt },
    { name: "latin", file: "vazirmatn-latin.woff2", source: "latin", unicodeRange: published.latin },
    { name: "persian", file: "vazirmatn-persian.woff2", source: "arabic", unicodeRange: persian },
  ];
}

/** The `@font-face` rules that serve the files (app/ui/fonts/vazirmatn.css). */
export function vazirmatnStylesheet(faces: FontFace[]): string {
  const rule = (face: FontFace) =>
    [
      "@font-face {",
      '  font-family: "Vazirmatn Variable";',
      "  font-style: normal;",
      "  font-display: swap;",
      `  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`,
      `  src: url("./${face.file}") format("woff2-variations");`,
      `  unicode-range: ${face.unicodeRange.split(",").join(", ")};`,
      "}",
    ].join("\n");
  return (
    "/* Made by scripts/subset-fonts.ts from @fontsource-variable/vazirmatn: do not edit by hand. Persian letters\n" +
    "   come from a file of their own, preloaded on Persian pages; the rest of the Arabic script loads on use. */\n" +
    faces.map(rule).join("\n\n") +
    "\n"
  );
}
