/**
 * Moving a WordPress site in, as its owner does it in Persian: Items → Import from the dashboard's menu, an export
 * (two Persian posts with zero-width non-joiners and Persian slugs, an English post, a page, a nested category, a
 * tag, a threaded pair of comments, an image) sent with the old site's uploads zipped, its preview read and one
 * item's language changed, the import run, its build followed from the report and published from the builds
 * screen. A reader with no session then opens the old `?p=` and date-permalink addresses and lands, in one
 * redirect, on the new pages with their text exact, the image served by the site and the comment thread shown.
 * axe looks at the preview and the report; the preview is photographed at phone and desktop widths, light and
 * dark.
 */
import AxeBuilder from "@axe-core/playwright";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { item, wxr } from "../fixtures/import/wordpress-export";
import { picture } from "../helpers/images";
import { startSeededSite } from "../helpers/seeded-site";
import { makeZip } from "../helpers/zip";
import { expect, open, screenshotDir, signedInPage, test, untilHydrated, watchBrowserProblems } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

const encoded = (text: string) => encodeURIComponent(text).toLowerCase();

const SLUG_FIRST = "نیم‌فاصله‌ها";
const SLUG_SECOND = "دومین-نوشته";
const SLUG_PAGE = "دربارهٔ-ما";
const SLUG_TAG = "نوشتن";

const FIRST_TITLE = "می‌خواهم بنویسم";
const FIRST_TEXT = "این نوشته با نیم‌فاصله‌ها نوشته شده و هیچ‌کدام گم نمی‌شوند.";
const SECOND_TITLE = "دومین نوشته‌ها";
const SECOND_TEXT = "کتاب‌ها و دفترها را این‌جا می‌گذاریم.";
const ENGLISH_TITLE = "A note in English";
const PAGE_TITLE = "دربارهٔ ما";
const COMMENT = "نخستین دیدگاه خواننده‌ای که می‌نویسد";
const IMAGE = "گل‌ها.jpg";
const IMAGE_ALT = "گل‌های باغچه";
const REPLY = "پاسخی به همان دیدگاه، با نیم‌فاصله‌ها";

const comment = (id: number, parent: number, content: string) => `
		<wp:comment>
			<wp:comment_id>${id}</wp:comment_id>
			<wp:comment_author><![CDATA[خواننده ${id}]]></wp:comment_author>
			<wp:comment_author_email><![CDATA[r${id}@example.com]]></wp:comment_author_email>
			<wp:comment_author_url></wp:comment_author_url>
			<wp:comment_author_IP><![CDATA[192.0.2.${id % 250}]]></wp:comment_author_IP>
			<wp:comment_date><![CDATA[2019-05-13 12:30:00]]></wp:comment_date>
			<wp:comment_date_gmt><![CDATA[2019-05-13 08:00:00]]></wp:comment_date_gmt>
			<wp:comment_content><![CDATA[${content}]]></wp:comment_content>
			<wp:comment_approved><![CDATA[1]]></wp:comment_approved>
			<wp:comment_type><![CDATA[comment]]></wp:comment_type>
			<wp:comment_parent>${parent}</wp:comment_parent>
			<wp:comment_user_id>0</wp:comment_user_id>
		</wp:comment>`;

function entry(
  id: number,
  fields: { type?: string; name: string; title: string; link: string; content: string; terms?: string },
  extra = "",
) {
  return item(`
		<title><![CDATA[${fields.title}]]></title>
		<link>${fields.link}</link>
		<pubDate>Sun, 12 May 2019 10:00:00 +0000</pubDate>
		<dc:creator><![CDATA[admin]]></dc:creator>
		<guid isPermaLink="false">https://blog.example.ir/?p=${id}</guid>
		<description></description>
		<content:encoded><![CDATA[${fields.content}]]></content:encoded>
		<excerpt:encoded><![CDATA[]]></excerpt:encoded>
		<wp:post_id>${id}</wp:post_id>
		<wp:post_date><![CDATA[2019-05-12 14:30:00]]></wp:post_date>
		<wp:post_date_gmt><![CDATA[2019-05-12 10:00:00]]></wp:post_date_gmt>
		<wp:comment_status><![CDATA[open]]></wp:comment_status>
		<wp:ping_status><![CDATA[open]]></wp:ping_status>
		<wp:post_name><![CDATA[${fields.name}]]></wp:post_name>
		<wp:status><![CDATA[publish]]></wp:status>
		<wp:post_parent>0</wp:post_parent>
		<wp:menu_order>0</wp:menu_order>
		<wp:post_type><![CDATA[${fields.type ?? "post"}]]></wp:post_type>
		<wp:post_password><![CDATA[]]></wp:post_password>
		<wp:is_sticky>0</wp:is_sticky>${fields.terms ?? ""}${extra}`);
}

/** The export the owner downloaded from WordPress (Tools → Export), written as WordPress writes it. */
const exportText = wxr(
  `
	<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[admin]]></wp:author_login><wp:author_email><![CDATA[admin@example.ir]]></wp:author_email><wp:author_display_name><![CDATA[مدیر سایت]]></wp:author_display_name></wp:author>
	<wp:category><wp:term_id>3</wp:term_id><wp:category_nicename><![CDATA[library]]></wp:category_nicename><wp:category_parent><![CDATA[]]></wp:category_parent><wp:cat_name><![CDATA[کتاب‌خانه]]></wp:cat_name></wp:category>
	<wp:category><wp:term_id>4</wp:term_id><wp:category_nicename><![CDATA[novels]]></wp:category_nicename><wp:category_parent><![CDATA[library]]></wp:category_parent><wp:cat_name><![CDATA[رمان‌ها]]></wp:cat_name></wp:category>
	<wp:tag><wp:term_id>7</wp:term_id><wp:tag_slug><![CDATA[${encoded(SLUG_TAG)}]]></wp:tag_slug><wp:tag_name><![CDATA[${SLUG_TAG}]]></wp:tag_name></wp:tag>` +
    entry(
      101,
      {
        name: encoded(SLUG_FIRST),
        title: FIRST_TITLE,
        link: `https://blog.example.ir/2019/05/12/${encoded(SLUG_FIRST)}/`,
        content: `<p>${FIRST_TEXT}</p>\n<p><img src="https://blog.example.ir/wp-content/uploads/2019/05/${IMAGE}" alt="${IMAGE_ALT}" /></p>`,
        terms: `
		<category domain="category" nicename="novels"><![CDATA[رمان‌ها]]></category>
		<category domain="post_tag" nicename="${encoded(SLUG_TAG)}"><![CDATA[${SLUG_TAG}]]></category>`,
      },
      comment(201, 0, COMMENT) + comment(202, 201, REPLY),
    ) +
    entry(102, {
      name: encoded(SLUG_SECOND),
      title: SECOND_TITLE,
      link: "https://blog.example.ir/?p=102",
      content: `<p>${SECOND_TEXT}</p>`,
      terms: `
		<category domain="category" nicename="library"><![CDATA[کتاب‌خانه]]></category>`,
    }) +
    entry(103, {
      name: "a-note-in-english",
      title: ENGLISH_TITLE,
      link: "https://blog.example.ir/?p=103",
      content: "<p>This note was written in English for the readers who do not read Persian yet.</p>",
    }) +
    entry(104, {
      type: "page",
      name: encoded(SLUG_PAGE),
      title: PAGE_TITLE,
      link: `https://blog.example.ir/${encoded(SLUG_PAGE)}/`,
      content: "<p>ما از سال‌ها پیش می‌نویسیم.</p>",
    }),
);

/** axe on the parts of the import screen showing, in the state it is in. */
async function axe(page: Page, state: string, ...parts: string[]) {
  let builder = new AxeBuilder({ page });
  for (const part of parts) builder = builder.include(`[data-testid=${part}]`);
  const results = await builder.analyze();
  expect(results.violations.map((v) => `${state} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

const row = (preview: Locator, title: string) => preview.getByTestId("import-item").filter({ hasText: title });

test("an owner moves a WordPress site in, in Persian; a reader's old addresses lead to the new pages", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const folder = await mkdtemp(path.join(tmpdir(), "daftar-import-e2e-"));
  const site = await startSeededSite();
  const contexts: { close(): Promise<void> }[] = [];
  try {
    const file = path.join(folder, "wordpress-export.xml");
    await writeFile(file, exportText);
    // The old site's uploads folder, zipped as it is on the server (with a file that is no picture beside it).
    const zip = path.join(folder, "uploads.zip");
    await writeFile(
      zip,
      makeZip([
        { name: `wp-content/uploads/2019/05/${IMAGE}`, data: await picture(640, 480) },
        { name: "wp-content/uploads/2019/05/readme.txt", data: new TextEncoder().encode("uploads") },
      ]),
    );

    // 1. The owner (may publish and change settings) opens Items → Import from the dashboard's menu.
    const page = await signedInPage(browser, site.url, "admin");
    contexts.push(page.context());
    const problems = watchBrowserProblems(page);
    await page.setViewportSize(desktop);
    await open(page, "/manage");
    await page.getByRole("navigation", { name: "منوی پیشخوان" }).getByRole("link", { name: "محتوا" }).click();
    await page.waitForURL(/\/manage\/items$/);
    await untilHydrated(page);
    await page.getByTestId("tab-import").click();
    await page.waitForURL(/\/manage\/items\/import$/);

    // 2. The export sent.
    await page.getByTestId("import-file").setInputFiles(file);
    await page.getByTestId("import-send").click();
    const preview = page.getByTestId("import-preview");
    await expect(preview).toBeVisible();

    // 3. The preview: counts, each item's address, language and category.
    await expect(preview).toContainText("۴ مطلب (۳ نوشته، ۱ برگه، ۰ پیش‌نویس)");
    await expect(preview).toContainText("دیدگاه‌ها: ۲ پذیرفته");
    await expect(preview.getByTestId("import-item")).toHaveCount(4);
    const first = row(preview, FIRST_TITLE);
    const second = row(preview, SECOND_TITLE);
    const english = row(preview, ENGLISH_TITLE);
    const aboutUs = row(preview, PAGE_TITLE);
    for (const [which, locale] of [
      [first, "fa"],
      [second, "fa"],
      [english, "en"],
      [aboutUs, "fa"],
    ] as const) {
      await expect(which.getByTestId("import-item-locale")).toHaveValue(locale);
    }
    // A zero-width non-joiner in a slug becomes a hyphen in the new address (the page's text keeps it).
    await expect(first.getByTestId("import-item-address")).toHaveText("/novels/نیم-فاصله-ها");
    await expect(second).toContainText("library");
    await expect(english.getByTestId("import-item-address")).toHaveText(/^\/en\/.*a-note-in-english$/);
    const pageAddress = (await aboutUs.getByTestId("import-item-address").innerText()).trim();
    expect(pageAddress).not.toMatch(/^\/en\//);
    const firstAddress = (await first.getByTestId("import-item-address").innerText()).trim();
    const secondAddress = (await second.getByTestId("import-item-address").innerText()).trim();

    // The uploads zip, for the images.
    await page.getByTestId("import-media-file").setInputFiles(zip);
    await page.getByTestId("import-media-send").click();
    await expect(page.getByTestId("import-media-kept")).toHaveText(
      "۲ پرونده در زیپ بارگذاری‌ها: تصویرهای برون‌بری از آن برداشته می‌شوند.",
    );

    await axe(page, "preview", "import-upload", "import-media", "import-preview");
    for (const [size, device] of [
      [phone, "phone"],
      [desktop, "desktop"],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        // From the top: a full-page picture taken scrolled down draws the sticky header over the middle.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${screenshotDir}/import-preview-fa-${scheme}-${device}.png`, fullPage: true });
      }
    }
    await page.setViewportSize(desktop);
    await page.emulateMedia({ colorScheme: "light" });

    // The page, Persian by its text, is made English: its address follows.
    await aboutUs.getByTestId("import-item-locale").selectOption("en");
    await expect(aboutUs.getByTestId("import-item-address")).toHaveText(/^\/en\//);
    await expect(aboutUs.getByTestId("import-item-locale")).toHaveValue("en");
    // The others keep theirs.
    await expect(first.getByTestId("import-item-address")).toHaveText(firstAddress);
    const englishPageAddress = (await aboutUs.getByTestId("import-item-address").innerText()).trim();

    // 4. The import, then its report; the report leads to the build.
    await preview.getByTestId("import-run").click();
    const report = page.getByTestId("import-report");
    await expect(report).toBeVisible({ timeout: 60_000 });
    await expect(report).toContainText("درون‌ریزی شد");
    await axe(page, "report", "import-report");
    await report.getByTestId("import-build").click();
    await page.waitForURL(/\/manage\/builds$/);

    // 5. Published from the builds screen.
    await page.getByTestId("publish").click();
    await page.getByTestId("publish-confirm").click();
    await expect
      .poll(
        async () => {
          const all = (await (await page.request.get("/api/builds/all")).json()) as {
            builds: { status: string; commits: unknown[] }[];
          };
          return all.builds.some((b) => b.status === "published" && b.commits.length > 0);
        },
        { timeout: 90_000 },
      )
      .toBe(true);

    // 6. A reader with no session follows the old addresses.
    const stranger = await browser.newContext({ baseURL: site.url });
    contexts.push(stranger);
    const reader = await stranger.newPage();
    const readerProblems = watchBrowserProblems(reader);
    const land = async (from: string, to: string) => {
      const answer = await reader.goto(from);
      expect(answer?.status(), from).toBe(200);
      const hop = answer!.request().redirectedFrom();
      expect(hop, `${from} redirects`).not.toBeNull();
      expect(hop!.redirectedFrom(), `${from} redirects once`).toBeNull();
      expect((await hop!.response())?.status(), from).toBe(301);
      expect(decodeURI(new URL(reader.url()).pathname), from).toBe(to);
      await untilHydrated(reader);
    };

    await land("/?p=102", secondAddress);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(SECOND_TITLE);
    await expect(reader.getByText(SECOND_TEXT, { exact: true })).toBeVisible();

    // The page made English in the preview is English on the site.
    await land("/?page_id=104", englishPageAddress);
    await expect(reader.locator("html")).toHaveAttribute("lang", "en");
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(PAGE_TITLE);

    await land(`/2019/05/12/${encodeURIComponent(SLUG_FIRST)}/`, firstAddress);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(FIRST_TITLE);
    const body = reader.getByText(FIRST_TEXT, { exact: true });
    await expect(body).toBeVisible();
    expect(await body.innerText()).toContain("\u200c");
    // Its image came from the zip: served by this site, not the old one.
    const image = reader.getByRole("img", { name: IMAGE_ALT });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).host)).toBe(new URL(site.url).host);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const thread = reader.getByTestId("comments");
    await thread.scrollIntoViewIfNeeded();
    const list = reader.getByTestId("comment-list");
    await expect(list.getByTestId("comment")).toHaveCount(2);
    await expect(list.locator(":scope > li > [data-testid=comment]")).toContainText(COMMENT);
    await expect(list.locator(":scope > li > ol [data-testid=comment]")).toContainText(REPLY);
    expect([...problems, ...readerProblems], "errors in the browser").toEqual([]);
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await site.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
