/**
 * What a Persian reader sees first: numbered lists count in Persian digits, quotes, lists and tables run in the
 * direction of their text (a cell of digits in its table's), and an empty field is drawn in the page's direction
 * (its Persian placeholder reads right to left) until what is typed decides.
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
  // The keys are a hint beside the box, not in its placeholder: still there after typing, and announced with it.
  expect(await box.getAttribute("placeholder")).not.toContain("Enter");
  await expect(page.getByTestId("comment-keys")).toBeVisible();
  expect(await box.getAttribute("aria-describedby")).toContain(
    await page.getByTestId("comment-keys").getAttribute("id"),
  );
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

test("quotes, lists and tables run in their text's direction; a cell of digits runs and aligns with its table", async ({
  page,
}) => {
  /** Computed directions of the first quote, list, item and table, and of the table's cell holding only "۴". */
  const directions = () =>
    page.evaluate(() => {
      const prose = document.querySelector(".prose")!;
      const direction = (selector: string) => {
        const element = prose.querySelector(selector);
        return element ? getComputedStyle(element).direction : "missing";
      };
      const digits = [...prose.querySelectorAll("td")].find((td) => td.textContent?.trim() === "۴");
      return {
        blockquote: direction("blockquote"),
        ul: direction("ul"),
        li: direction("ul > li"),
        table: direction("table"),
        digitCell: digits ? getComputedStyle(digits).direction : "missing",
      };
    });
  /** How far each cell's text stands from the side of the cell where the table's rows start, in pixels. */
  const offsetsFromStart = () =>
    page.evaluate(() => {
      const table = document.querySelector(".prose table")!;
      const rtl = getComputedStyle(table).direction === "rtl";
      return [...table.querySelectorAll("th, td")].map((cell) => {
        const box = cell.getBoundingClientRect();
        const style = getComputedStyle(cell);
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        const offset = rtl
          ? box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) - text.right
          : text.left - box.left - parseFloat(style.borderLeftWidth) - parseFloat(style.paddingLeft);
        return { cell: cell.textContent?.trim(), offset };
      });
    });
  // A pixel either way is glyph overhang and rounding; a cell aligned to the other side is far off.
  const misaligned = (cells: { offset: number }[]) => cells.filter((cell) => Math.abs(cell.offset) > 2);
  const post = "/notes/rtl-typography-lessons";

  await open(page, post);
  expect(await directions()).toEqual({ blockquote: "rtl", ul: "rtl", li: "rtl", table: "rtl", digitCell: "rtl" });
  const fa = await offsetsFromStart();
  expect(fa.length).toBeGreaterThan(4);
  expect(misaligned(fa)).toEqual([]);

  await open(page, `/en${post}`);
  expect(await directions()).toEqual({ blockquote: "ltr", ul: "ltr", li: "ltr", table: "ltr", digitCell: "ltr" });
  const en = await offsetsFromStart();
  expect(en.length).toBeGreaterThan(4);
  // The Persian letters in the English table's first column read right to left, yet line up with its header.
  expect(misaligned(en)).toEqual([]);

  const listDirection = () =>
    page
      .locator(".prose ol")
      .first()
      .evaluate((ol) => getComputedStyle(ol).direction);
  await open(page, "/notes/writing-in-public");
  expect(await listDirection()).toBe("rtl");
  await open(page, "/en/notes/writing-in-public");
  expect(await listDirection()).toBe("ltr");
});
