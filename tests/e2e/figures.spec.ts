/**
 * Captions and galleries in the browser: a post in each language with a captioned picture and a gallery of three,
 * published; the gallery's grid runs with the page's direction (right to left in Persian), three across on a
 * desktop and two on a phone. Then the media list: an image a page uses cannot be deleted, an upload no page
 * uses can. Screenshots of the gallery fa and en, light and dark, phone and desktop. The site is this file's own.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import type { SiteProcess } from "../helpers/site-process";
import { startSeededSite } from "../helpers/seeded-site";
import { test as base, expect, open, savePage, signedInPage, snap } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

const test = base.extend<object, { ownSite: SiteProcess }>({
  ownSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSeededSite();
      await use(site);
      await site.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ ownSite }, use) => use(ownSite.url),
});
test.describe.configure({ mode: "serial" });

/** A landscape picture of one hue with a lighter circle: each picture of the gallery can be told apart. */
async function photo(hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="100%" height="100%" fill="${hue}"/><circle cx="50%" cy="50%" r="22%" fill="#fff" fill-opacity=".5"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

async function upload(page: Page, origin: string, name: string, hue: string): Promise<string> {
  const answer = await page.request.post(`/api/media/upload?name=${name}`, {
    headers: { origin, "content-type": "application/octet-stream" },
    data: await photo(hue),
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { url: string }).url;
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notification|اعلان/ });

test("a captioned picture and a gallery, in both languages, on a phone and a desktop", async ({ browser, ownSite }) => {
  test.setTimeout(180_000);
  const owner = await signedInPage(browser, ownSite.url);
  const [sea, forest, desert, night] = await Promise.all(
    [
      ["sea.jpg", "#0ea5e9"],
      ["forest.jpg", "#16a34a"],
      ["desert.jpg", "#f59e0b"],
      ["night.jpg", "#4338ca"],
    ].map(([name, hue]) => upload(owner, ownSite.url, name!, hue!)),
  );
  await savePage(owner.request, ownSite.url, {
    locale: "en",
    path: "/notes/gallery",
    title: "A trip in pictures",
    markdown: [
      "We drove south for three days.",
      "",
      `![A harbour at noon](${sea} "The harbour at Bushehr")`,
      "",
      `![Trees on a hill](${forest} "Hyrcanian forest")`,
      `![Sand dunes](${desert})`,
      `![A night sky](${night} "Above the Lut desert")`,
      "",
      "Back home on the fourth.",
    ].join("\n"),
  });
  await savePage(owner.request, ownSite.url, {
    locale: "fa",
    path: "/notes/gallery",
    title: "سفری در چند تصویر",
    markdown: [
      "سه روز به سمت جنوب راندیم.",
      "",
      `![بندری در ظهر](${sea} "بندر بوشهر")`,
      "",
      `![درختان روی تپه](${forest} "جنگل هیرکانی")`,
      `![تپه‌های شنی](${desert})`,
      `![آسمان شب](${night} "بالای کویر لوت")`,
      "",
      "روز چهارم به خانه برگشتیم.",
    ].join("\n"),
  });
  const builds = await owner.request.get("/api/builds/all");
  const open_ = ((await builds.json()) as { builds: { id: number; status: string }[] }).builds.find(
    (build) => build.status === "open",
  )!;
  const published = await owner.request.post("/api/builds/run", {
    headers: { origin: ownSite.url },
    data: { buildId: open_.id },
  });
  expect(published.status()).toBe(200);

  const context = await browser.newContext({ baseURL: ownSite.url, viewport: desktop });
  const reader = await context.newPage();
  for (const locale of ["en", "fa"] as const) {
    await reader.setViewportSize(desktop);
    await open(reader, locale === "en" ? "/en/notes/gallery" : "/notes/gallery");
    const article = reader.locator("article");
    await expect(article.locator("figure > figcaption").first()).toHaveText(
      locale === "en" ? "The harbour at Bushehr" : "بندر بوشهر",
    );
    const figures = article.locator(".gallery > figure");
    await expect(figures).toHaveCount(3);
    await expect(figures.locator("figcaption")).toHaveText(
      locale === "en" ? ["Hyrcanian forest", "Above the Lut desert"] : ["جنگل هیرکانی", "بالای کویر لوت"],
    );
    // Three across on a desktop, in reading order: left to right in English, right to left in Persian.
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await figures.nth(i).boundingBox())!));
    expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
    const xs = boxes.map((box) => box.x);
    expect(xs).toEqual(locale === "en" ? [...xs].sort((a, b) => a - b) : [...xs].sort((a, b) => b - a));
    // Each picture is the image service's, cropped to the grid's shape.
    await expect(figures.first().locator("picture source")).toHaveCount(2);
    for (const scheme of ["light", "dark"] as const) {
      await reader.emulateMedia({ colorScheme: scheme });
      await reader.setViewportSize(desktop);
      await figures.first().scrollIntoViewIfNeeded();
      await snap(reader, `figures-gallery-${locale}-${scheme}-desktop`);
      await reader.setViewportSize(phone);
      await snap(reader, `figures-gallery-${locale}-${scheme}-phone`);
    }
    await reader.emulateMedia({ colorScheme: "light" });
    // Two across on a phone: the third starts a second row.
    const [first, third] = [await figures.nth(0).boundingBox(), await figures.nth(2).boundingBox()];
    expect(third!.y).toBeGreaterThan(first!.y + first!.height - 1);
  }
  await context.close();

  // The media list: a picture the posts use cannot be deleted; an upload no page uses can.
  const stray = await upload(owner, ownSite.url, "stray.jpg", "#e11d48");
  await owner.setViewportSize(desktop);
  await open(owner, "/en/manage/items/media");
  const used = owner.locator(`[data-testid="media-row"][data-file="${sea!.slice(1)}"]`);
  await expect(used.getByTestId("media-delete")).toBeDisabled();
  await expect(used).toContainText("Used by a page: it cannot be deleted.");
  const unused = owner.locator(`[data-testid="media-row"][data-file="${stray.slice(1)}"]`);
  await unused.getByTestId("media-delete").click();
  const dialog = owner.getByTestId("delete-media-dialog");
  await expect(dialog).toContainText("Delete this image?");
  await snap(owner, "figures-media-delete-en-light-desktop");
  await dialog.getByTestId("confirm").click();
  await expect(toasts(owner)).toContainText("The image is deleted.");
  await expect(unused).toHaveCount(0);
  await expect(used).toHaveCount(1);
});
