/**
 * Draws the interface's icons (app/ui/icon-names.ts) from Lucide's icon data into one SVG sprite,
 * app/ui/icons.svg: one <symbol> per icon, referenced by `<use href="…#name">` (see app/ui/icon.tsx).
 * Run: npm run icons   (a unit test fails while the committed sprite differs from what this writes)
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconNames } from "../app/ui/icon-names.ts";
import { projectRoot } from "./build-if-stale.ts";

export const spritePath = path.join(projectRoot, "app/ui/icons.svg");

export async function renderIconSprite(): Promise<string> {
  const symbols: string[] = [];
  for (const name of iconNames) {
    // Lucide's own component draws it (some names are aliases of others); the sprite keeps its shapes.
    const icon = (await import(`lucide-react/icons/${name}`)) as { default: ComponentType };
    const svg = renderToStaticMarkup(createElement(icon.default));
    const shapes = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1];
    if (!shapes) throw new Error(`icon-sprite: no drawing for ${name}`);
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg"><!-- Lucide icons (ISC licence), drawn by scripts/icon-sprite.ts: do not edit -->\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(spritePath, await renderIconSprite());
  console.log(`wrote ${path.relative(projectRoot, spritePath)} (${iconNames.length} icons)`);
}
