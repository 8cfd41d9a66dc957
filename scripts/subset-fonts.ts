/**
 * Makes the site's Vazirmatn files (app/ui/fonts/) from the variable font's published subsets
 * (@fontsource-variable/vazirmatn, a devDependency) and writes the `@font-face` rules that serve them
 * (app/ui/fonts/vazirmatn.css).
 *
 * The published Arabic subset (46 KB) carries every Arabic-script language's letters and the weights from 100;
 * a Persian page needs Persian's letters, and the site sets no text lighter than 400. So:
 * - `persian`: the Persian alphabet, its digits, punctuation and marks, weights 400–900 (22 KB); preloaded on
 *   Persian pages with the Latin file, which has the space, the Latin digits and «».
 * - `arabic`: the rest of the Arabic script (Arabic's own letters, Urdu's, presentation forms), loaded only when
 *   a page shows one of them (its unicode-range).
 * - `latin`, `latin-ext`: the published ranges, weights 400–900.
 * Each file keeps every OpenType feature, so letters still join and marks still sit where they did.
 * `tests/unit/fonts.test.ts` checks the files against the rules and the bundled Persian pages against the
 * Persian file.
 *
 * Needs fontTools with brotli (`apt-get install -y python3-fonttools python3-brotli`; PYTHON names another
 * interpreter than /usr/bin/python3). Run: npx tsx scripts/subset-fonts.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot } from "./build-if-stale.ts";
import { publishedFonts, vazirmatnFaces, vazirmatnStylesheet, WEIGHTS } from "./font-faces.ts";

const python = process.env.PYTHON ?? "/usr/bin/python3";
const fontsDir = path.join(projectRoot, "app/ui/fonts");

function fontTools(...args: string[]): void {
  execFileSync(python, ["-m", "fontTools", ...args], { stdio: ["ignore", "ignore", "inherit"] });
}

const faces = vazirmatnFaces();
const work = mkdtempSync(path.join(tmpdir(), "daftar-fonts-"));
try {
  for (const face of faces) {
    const limited = path.join(work, `${face.name}.ttf`);
    const source = path.join(publishedFonts, "files", `vazirmatn-${face.source}-wght-normal.woff2`);
    fontTools("varLib.instancer", source, `wght=${WEIGHTS.min}:${WEIGHTS.max}`, "-q", "-o", limited);
    fontTools(
      "subset",
      limited,
      `--unicodes=${face.unicodeRange}`,
      "--layout-features=*",
      "--flavor=woff2",
      `--output-file=${path.join(fontsDir, face.file)}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
writeFileSync(path.join(fontsDir, "vazirmatn.css"), vazirmatnStylesheet(faces));
console.log(faces.map((face) => face.file).join(", "));
