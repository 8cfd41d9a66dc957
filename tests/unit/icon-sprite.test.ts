/** The committed icon sprite is exactly what the generator draws from the list of names. */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { iconNames } from "~/ui/icon-names";
import { renderIconSprite, spritePath } from "../../scripts/icon-sprite";

test("app/ui/icons.svg is up to date with app/ui/icon-names.ts (run `npm run icons`)", async () => {
  const drawn = await renderIconSprite();
  expect(readFileSync(spritePath, "utf8")).toBe(drawn);
});

test("every listed icon is one symbol with a drawing", async () => {
  const sprite = await renderIconSprite();
  const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.+?)<\/symbol>/g)];
  expect(ids.map(([, id]) => id)).toEqual([...iconNames]);
  for (const [, , drawing] of ids) expect(drawing).toMatch(/^<(path|circle|line|rect|polyline|polygon|ellipse)\b/);
});
