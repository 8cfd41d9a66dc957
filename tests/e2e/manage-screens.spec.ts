import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { comments } from "~/db/schema";
import { startSeededSite } from "../helpers/seeded-site";
import type { SiteProcess } from "../helpers/site-process";
import { expect, open, signedInPage, test as sharedSiteTest } from "./fixtures";

/**
 * This file's own site: other files' tests publish pages and leave comments on the site a worker shares, and these
 * tests count posts and comments.
 */
const test = sharedSiteTest.extend<object, { site: SiteProcess }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSeededSite();
      await use(site);
      await site.stop();
    },
    { scope: "worker" },
  ],
});

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };
const managePages = [
  "/manage",
  "/manage/comments",
  "/manage/users",
  "/manage/settings",
  "/manage/items",
  "/manage/items/category",
  "/manage/builds",
  "/manage/editor",
  "/manage/editor/fa/tuts/git-bisect",
  "/manage/editor/en/tuts/git-bisect",
];

/**
 * Comments in every status, written to the site's database: long Persian and English texts, an unbroken address
 * and a long anonymous name are what once pushed the queue wider than a phone.
 */
async function seedComments(dataDir: string) {
  const connection = await openDatabase(`file:${path.join(dataDir, "daftar.db")}`);
  const long = "https://example.com/" + "a-very-long-unbroken-address-".repeat(6);
  const rows = [
    { routePath: "/notes/learning-slowly", authorName: "شاهین خوش‌صحبت", body: `نوشته‌ای خوب بود. ${long}` },
    { routePath: "/en/notes/learning-slowly", authorName: "Curious Otter", body: "Thanks! ".repeat(60) },
    { routePath: "/notes/learning-slowly", authorName: "Averyveryverylonganonymousnamewithoutspaces", body: long },
  ];
  try {
    for (const status of ["pending", "approved", "spam", "trash"] as const) {
      await connection.db.insert(comments).values(rows.map((row) => ({ ...row, status })));
    }
  } finally {
    connection.client.close();
  }
}

/** Whether a click at the centre of the element reaches it (nothing clips or covers it there). */
const reachable = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe("management screens", () => {
  test.beforeAll(async ({ site }) => {
    await seedComments(site.dataDir);
  });

  test("no /manage page is wider than a 390 px phone, in fa and en", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    await page.setViewportSize(phone);
    for (const prefix of ["", "/en"]) {
      for (const address of managePages) {
        for (const status of address === "/manage/comments" ? ["pending", "approved"] : [""]) {
          const url = `${prefix}${address}${status ? `?status=${status}` : ""}`;
          await open(page, url);
          await page.evaluate(() => document.fonts.ready);
          expect(await overflow(page), url).toBeLessThanOrEqual(0);
        }
      }
    }
    await page.context().close();
  });

  test("on a phone, every comment's actions are on screen", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    await page.setViewportSize(phone);
    for (const prefix of ["", "/en"]) {
      await open(page, `${prefix}/manage/comments`);
      const rows = page.getByTestId("moderation-row");
      await expect(rows).toHaveCount(3);
      for (const row of await rows.all()) {
        await row.scrollIntoViewIfNeeded();
        await expect(row.getByTestId("action-approved")).toBeInViewport({ ratio: 1 });
        await expect(row.getByTestId("action-trash")).toBeInViewport({ ratio: 1 });
      }
    }
    await page.context().close();
  });

  test("on a phone, every user's action and every role's permissions are on screen", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    await page.setViewportSize(phone);
    for (const prefix of ["", "/en"]) {
      await open(page, `${prefix}/manage/users`);
      for (const row of await page.getByTestId("user-row").all()) {
        await row.scrollIntoViewIfNeeded();
        await expect(row.getByTestId("edit-roles")).toBeInViewport({ ratio: 1 });
        await expect(row.getByTestId("user-actions")).toBeInViewport({ ratio: 1 });
      }
      // Permission chips wrap whole: none is cut at the window's edge.
      for (const chip of await page.getByTestId("role-row").locator("[data-permission]").all()) {
        await chip.scrollIntoViewIfNeeded();
        await expect(chip).toBeInViewport({ ratio: 1 });
      }
    }
    await page.context().close();
  });

  test("on a phone, every category's actions are on screen", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    await page.setViewportSize(phone);
    for (const prefix of ["", "/en"]) {
      await open(page, `${prefix}/manage/items/category`);
      for (const row of await page.getByTestId("category-row").all()) {
        await row.scrollIntoViewIfNeeded();
        for (const action of ["move-up", "move-down", "rename-category", "remove-category"]) {
          await expect(row.getByTestId(action)).toBeInViewport({ ratio: 1 });
        }
      }
    }
    await page.context().close();
  });

  test("roles and permissions read in the interface's language, grouped by area", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    await open(page, "/manage/users");
    const admin = page.locator('[data-testid="role-row"][data-role="Admin"]');
    await expect(admin).toContainText("مدیر");
    // Every permission once, under its area, in plain Persian; codes only in the tooltip.
    await expect(admin.locator("[data-area]")).toHaveCount(4);
    await expect(admin.locator('[data-area="discussion"] [data-permission]')).toHaveText([
      "نوشتن دیدگاه",
      "بررسی دیدگاه‌ها",
    ]);
    await expect(admin).not.toContainText("comments.edit");
    await expect(admin.locator('[data-permission="comments.edit"]')).toHaveAttribute("title", /comments\.edit/);
    // The admin's own row shows the translated role name.
    await expect(page.locator('[data-testid="user-row"][data-user="admin"]').getByTestId("user-roles")).toHaveText(
      "مدیر",
    );
    await page.context().close();
  });

  test("on an English desktop a comment's actions are visible, with the post's title", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    await page.setViewportSize(desktop);
    await open(page, "/en/manage/comments");
    const rows = page.getByTestId("moderation-row");
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) {
      await row.scrollIntoViewIfNeeded();
      for (const action of ["approved", "spam", "trash"]) {
        const button = row.getByTestId(`action-${action}`);
        await expect(button).toBeInViewport({ ratio: 1 });
        // Not clipped or covered: the button itself is what a click at its centre reaches.
        expect(await reachable(button), action).toBe(true);
      }
      // The post is named by its title, not its address.
      await expect(row.getByTestId("comment-page")).not.toContainText("/notes/");
      await expect(row.getByTestId("comment-page")).toHaveAttribute("href", /\/notes\/learning-slowly#comment-\d+$/);
    }
    // Approve is the row's primary action; Trash is marked destructive.
    await expect(rows.first().getByTestId("action-approved")).toHaveAttribute("data-variant", "primary");
    await expect(rows.first().getByTestId("action-trash")).toHaveAttribute("data-variant", "destructive");
    // The bulk bar appears only once something is selected.
    await expect(page.getByTestId("bulk-actions")).toHaveCount(0);
    // The checkbox's target (its label) is at least 24 px square.
    const box = rows.first().getByRole("checkbox");
    const size = await rows.first().getByTestId("select-comment").boundingBox();
    expect(size!.width).toBeGreaterThanOrEqual(24);
    expect(size!.height).toBeGreaterThanOrEqual(24);
    await box.check();
    await expect(page.getByTestId("bulk-actions")).toBeVisible();
    await box.uncheck();
    await expect(page.getByTestId("bulk-actions")).toHaveCount(0);
    await page.context().close();
  });

  test("axe finds nothing on the dashboard's screens, light and dark", async ({ browser, site }) => {
    test.setTimeout(360_000);
    const page = await signedInPage(browser, site.url);
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const prefix of ["", "/en"]) {
          for (const address of managePages) {
            await open(page, `${prefix}${address}`);
            const { violations } = await new AxeBuilder({ page }).analyze();
            expect(
              violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
              `${prefix}${address} at ${viewport.width}px, ${scheme}`,
            ).toEqual([]);
          }
        }
      }
    }
    await page.context().close();
  });

  test("screenshots of the comments and users screens: fa and en, phone and desktop, light and dark", async ({
    browser,
    site,
  }) => {
    const page = await signedInPage(browser, site.url);
    for (const [device, viewport] of [
      ["phone", phone],
      ["desktop", desktop],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        for (const [prefix, lang] of [
          ["", "fa"],
          ["/en", "en"],
        ] as const) {
          for (const address of ["/manage/comments", "/manage/users"]) {
            await open(page, `${prefix}${address}`);
            await page.evaluate(() => document.fonts.ready);
            if (address === "/manage/comments") await page.getByTestId("select-comment").first().click();
            await page.screenshot({
              path: `tmp/screens/${address.slice(1).replace("/", "-")}-${lang}-${device}-${scheme}.png`,
              fullPage: true,
            });
          }
        }
      }
    }
    await page.context().close();
  });
});
