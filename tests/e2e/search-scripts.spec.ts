import { expect, open, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };
/** The dialog keeps a query in its own direction inside the sentence (first strong isolate … pop). */
const isolated = (text: string) => `\u2068${text}\u2069`;

test("search: a query typed in the other keyboard layout shows results for what was meant, and can be searched as typed", async ({
  page,
}) => {
  // «گلستان» typed with the keyboard in the English layout.
  await open(page, "/");
  await page.getByTestId("search-button").click();
  await page.getByTestId("search-input").fill("'gsjhk");
  // The site's first search waits for its index to be made.
  await expect(page.getByTestId("search-showing")).toHaveText(`نتیجه‌های «${isolated("گلستان")}» را می‌بینید.`, {
    timeout: 30_000,
  });
  await expect(page.getByTestId("search-results").getByRole("option").first()).toContainText("گلستان");
  await page.getByTestId("search-exactly").click();
  await expect(page.getByTestId("search-status")).toHaveText("چیزی برای «'gsjhk» پیدا نشد.");
  await expect(page.getByTestId("search-showing")).toHaveCount(0);

  // "git bisect" typed with the keyboard in the Persian layout, on the English site.
  await open(page, "/en");
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("لهف ذهسثزف");
  await expect(page.getByTestId("search-showing")).toHaveText(`Showing results for “${isolated("git bisect")}”.`);
  await expect(page.getByTestId("search-exactly")).toHaveText(`Search for “${isolated("لهف ذهسثزف")}” instead`);
  await expect(page.getByTestId("search-results").getByRole("option").first()).toContainText(
    "Hunting Bugs with git bisect",
  );
});

test("search: two words typed apart find the name they spell in the other script, and are not rewritten", async ({
  page,
}) => {
  // «ری اکت» is "React" typed in Persian letters with a space where the ZWNJ belongs.
  await open(page, "/en");
  await page.getByTestId("search-button").click();
  await page.getByTestId("search-input").fill("ری اکت");
  const first = page.getByTestId("search-results").getByRole("option").first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first.locator("mark").first()).toHaveText(/^react$/i);
  await expect(page.getByTestId("search-showing")).toHaveCount(0);
});

test("screenshots of a corrected query, with no accessibility violations (axe): fa and en, phone and desktop, light and dark", async ({
  page,
}) => {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  for (const [device, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [prefix, lang, typed] of [
        ["/", "fa", "'gsjhk"],
        ["/en", "en", "لهف ذهسثزف"],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await open(page, prefix);
        await page.getByTestId("search-button").click();
        await page.getByTestId("search-input").fill(typed);
        await expect(page.getByTestId("search-showing")).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        const axe = await new AxeBuilder({ page }).include('[data-testid="search-dialog"]').analyze();
        expect(
          axe.violations.map((v) => v.id),
          `${lang} ${device} ${scheme}`,
        ).toEqual([]);
        await page.screenshot({ path: `tmp/screens/search-layout-${lang}-${device}-${scheme}.png` });
      }
    }
  }
});
