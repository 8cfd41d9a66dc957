/**
 * What a Persian reader sees first: numbered lists count in Persian digits, and an empty field is drawn in the
 * page's direction (its Persian placeholder reads right to left) until what is typed decides.
 */
import { expect, open, test } from "./fixtures";

const post = "/notes/writing-in-public";

test("ordered lists in Persian text count in Persian digits; in English text, in Latin ones", async ({ page }) => {
  const listStyles = () =>
    page.evaluate(() => [...document.querySelectorAll(".prose ol")].map((ol) => getComputedStyle(ol).listStyleType));
  await open(page, post);
  const fa = await listStyles();
  expect(fa.length).toBeGreaterThan(0);
  expect(fa.every((style) => style === "persian")).toBe(true);
  await open(page, `/en${post}`);
  const en = await listStyles();
  expect(en.length).toBeGreaterThan(0);
  expect(en.every((style) => style === "decimal")).toBe(true);
});

test("the empty Persian comment box reads right to left; typed text decides its own direction", async ({ page }) => {
  await open(page, post);
  await page.getByTestId("comments").scrollIntoViewIfNeeded();
  const box = page.getByTestId("comment-form").locator("textarea").first();
  await expect(box).toBeVisible();
  const direction = () => box.evaluate((el) => getComputedStyle(el).direction);
  expect(await direction()).toBe("rtl");
  await box.fill("git bisect finds the commit");
  expect(await direction()).toBe("ltr");
  await box.fill("");
  expect(await direction()).toBe("rtl");
  await box.fill("سلام، این یک دیدگاه است");
  expect(await direction()).toBe("rtl");
});

test("short inline code in Persian text stays on one line, even on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/tuts/git-bisect");
  const lines = await page.evaluate(() =>
    [...document.querySelectorAll(".prose :not(pre) > code")]
      .filter((code) => (code.textContent ?? "").length <= 30)
      .map((code) => ({ text: code.textContent, boxes: code.getClientRects().length })),
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((line) => line.boxes !== 1)).toEqual([]);
});
