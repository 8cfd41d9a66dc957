import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { settings } from "~/db/schema";
import { routeTable } from "../helpers/route-table";
import { startSeededSite } from "../helpers/seeded-site";
import { expect, open, signedInPage, snap, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

/** Every page the bundled content has, as a locale-neutral path ("/notes/learning-slowly", "/about", "/"). */
function contentPaths(locale: "fa" | "en"): string[] {
  const root = path.resolve("content", locale);
  const paths = (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".md"))
    .map(
      (file) =>
        `/${file
          .replace(/\\/g, "/")
          .replace(/(^|\/)index\.md$/, "")
          .replace(/\.md$/, "")}`,
    );
  return [...new Set(paths.map((p) => p.replace(/\/$/, "") || "/"))];
}

/**
 * Every page a person can open: each page route of app/routes.ts (its catch-all filled with every bundled
 * content page and an unknown address), in Persian and in English.
 */
function everyPage(): string[] {
  const pages = new Set<string>();
  for (const entry of routeTable()) {
    if (entry.api || (!entry.file.startsWith("routes/site/") && !entry.file.startsWith("routes/manage/"))) continue;
    if (entry.path.startsWith("/fa") || entry.path.startsWith("/en")) continue;
    if (entry.file === "routes/site/page.tsx") continue;
    pages.add(entry.path);
  }
  const out: string[] = [];
  for (const locale of ["fa", "en"] as const) {
    const prefix = locale === "fa" ? "" : "/en";
    for (const address of [...pages, ...contentPaths(locale), "/no/such/page"]) {
      out.push(`${prefix}${address === "/" ? "" : address}` || "/");
    }
  }
  return [...new Set(out)];
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The inline-start edge of the page's main heading: where the text column starts. */
const textEdge = (page: Page) =>
  page
    .locator("main h1")
    .first()
    .evaluate((h1) => {
      const box = h1.getBoundingClientRect();
      return getComputedStyle(h1).direction === "rtl" ? Math.round(box.right) : Math.round(box.left);
    });

/** Interactive elements smaller than `min` px in either direction, except links inside running text. */
const smallTargets = (page: Page, scope: string, min: number) =>
  page.evaluate(
    ({ scope, min }) => {
      const inText = (el: Element) => el.closest(".prose p, .prose li, .prose td, [data-inline-text]") !== null;
      return [...document.querySelectorAll(`${scope} :is(a[href], button, summary, input, select, textarea)`)]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          if (box.width === 0 || style.visibility === "hidden" || el.closest("[aria-hidden=true], .sr-only"))
            return false;
          if (el.matches(".heading-anchor") || !inText(el)) return box.width < min - 0.5 || box.height < min - 0.5;
          return false;
        })
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${el.getAttribute("aria-label") ?? ""}: ${el.getBoundingClientRect().width.toFixed(1)}×${el.getBoundingClientRect().height.toFixed(1)}`,
        );
    },
    { scope, min },
  );

/** WCAG contrast ratio of two CSS colours as the browser resolves them. */
const contrastInPage = (page: Page, foreground: string, background: string) =>
  page.evaluate(
    ({ foreground, background }) => {
      const rgb = (css: string) => {
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 1;
        const context = canvas.getContext("2d")!;
        context.fillStyle = css;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (css: string) => {
        const [r, g, b] = rgb(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [a, b] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    },
    { foreground, background },
  );

test.describe("layout and navigation", () => {
  test("no page is wider than a 390 px phone, in fa and en", async ({ browser, site }) => {
    test.setTimeout(240_000);
    const page = await signedInPage(browser, site.url);
    await page.setViewportSize(phone);
    const wide: string[] = [];
    for (const address of everyPage()) {
      await open(page, address);
      await page.evaluate(() => document.fonts.ready);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${address}: ${extra} px too wide`);
    }
    expect(wide).toEqual([]);
    await page.context().close();
  });

  test("the text starts at the same place on every kind of page", async ({ page }) => {
    await page.setViewportSize(desktop);
    for (const prefix of ["", "/en"]) {
      const edges: Record<string, number> = {};
      for (const address of ["/", "/logs", "/notes", "/notes/learning-slowly", "/about", "/tags"]) {
        await open(page, `${prefix}${address === "/" && prefix ? "" : address}`);
        edges[address] = await textEdge(page);
      }
      // The site's name in the header marks the column's start.
      const name = await page.getByTestId("site-name").evaluate((el) => {
        const box = el.getBoundingClientRect();
        return getComputedStyle(el).direction === "rtl" ? Math.round(box.right) : Math.round(box.left);
      });
      expect(
        Object.values(edges).every((edge) => Math.abs(edge - name) <= 1),
        JSON.stringify({ name, edges }),
      ).toBe(true);
    }
  });

  test("touch targets: 24 px everywhere, 44 px for the header's controls on a phone", async ({ page }) => {
    await page.setViewportSize(phone);
    for (const address of ["/", "/en/notes/learning-slowly", "/notes/learning-slowly", "/logs", "/en/about"]) {
      await open(page, address);
      // The comments and the contents list arrive with the page; open the folded contents list.
      await page.evaluate(() => document.fonts.ready);
      expect(await smallTargets(page, "[data-testid=site-header]", 44), `${address} header`).toEqual([]);
      expect(await smallTargets(page, "main", 24), `${address} main`).toEqual([]);
    }
  });

  test("the phone drawer carries the menu, categories, search, language, theme and sign-in", async ({ page }) => {
    await page.setViewportSize(phone);
    await open(page, "/en/notes/learning-slowly");
    // The header keeps room for its 44 px controls: language and theme are in the drawer.
    await expect(page.getByTestId("language-switch")).toBeHidden();
    await page.getByTestId("menu-button").click();
    const drawer = page.getByTestId("mobile-drawer");
    await expect(drawer.getByRole("navigation", { name: "Main menu" }).getByRole("link")).toHaveText([
      "Home",
      "Logs",
      "About",
      "Contact",
    ]);
    await expect(drawer.getByTestId("drawer-categories").getByRole("link")).toHaveText([
      "Books",
      "Notes",
      "Projects",
      "Tutorials",
    ]);
    await expect(drawer.getByTestId("drawer-account").getByRole("link", { name: "Log in" })).toBeVisible();
    await snap(page, "layout-drawer-en-light-phone");

    // Colour mode: switched from the drawer, and remembered.
    await drawer.getByTestId("drawer-theme").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(drawer.getByTestId("drawer-theme")).toHaveAttribute("aria-pressed", "true");
    await snap(page, "layout-drawer-en-dark-phone");

    // Search: the drawer closes and the search dialog opens.
    await drawer.getByTestId("drawer-search").click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Search the site" })).toBeVisible();
    await page.keyboard.press("Escape");

    // A category, then the language: the same page in Persian.
    await page.getByTestId("menu-button").click();
    await drawer.getByTestId("drawer-categories").getByRole("link", { name: "Tutorials" }).click();
    await expect(page).toHaveURL(/\/en\/tuts$/);
    await page.getByTestId("menu-button").click();
    await drawer.getByTestId("language-switch").click();
    await expect(page).toHaveURL(/\/tuts$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fa");
  });

  test("the header lists the categories on wide screens", async ({ page }) => {
    await page.setViewportSize(desktop);
    await open(page, "/");
    const nav = page.locator("header").getByRole("navigation", { name: "منوی اصلی" });
    await expect(nav.getByTestId("nav-category")).toHaveText(["کتاب‌ها", "یادداشت‌ها", "پروژه‌ها", "آموزش‌ها"]);
    await expect(page.getByTestId("menu-button")).toBeHidden();
    await nav.getByRole("link", { name: "یادداشت‌ها" }).click();
    await expect(page).toHaveURL(/\/notes$/);
    await expect(nav.getByRole("link", { name: "یادداشت‌ها" })).toHaveClass(/active/);
  });

  test("403 offers signing in and the home page; 404 offers search", async ({ page }) => {
    await open(page, "/en/403");
    await expect(page.getByTestId("forbidden-home")).toHaveAttribute("href", "/en");
    await expect(page.getByTestId("forbidden-login")).toHaveAttribute("href", "/en/login");
    const refused = await signedInPage(page.context().browser()!, new URL(page.url()).origin, "member");
    // Moderation: another test of this worker may let the member read the dashboard, none lets them moderate.
    const answer = await refused.goto("/en/manage/comments");
    expect(answer?.status()).toBe(403);
    // Signed in already: no sign-in offer.
    await expect(refused.getByTestId("forbidden-login")).toHaveCount(0);
    await expect(refused.getByTestId("forbidden-home")).toBeVisible();
    await refused.context().close();

    await open(page, "/en/notes/no-such-note");
    await page.getByTestId("error-search").click();
    await expect(page.getByRole("dialog", { name: "Search the site" })).toBeVisible();
  });

  test("a search result's section chevron points along the reading direction", async ({ page }) => {
    for (const [prefix, query] of [
      ["", "شناختن"],
      ["/en", "Recognising"],
    ] as const) {
      await open(page, prefix || "/");
      await page.getByTestId("search-button").click();
      await page.getByTestId("search-input").fill(query);
      const hit = page.getByTestId("search-results").getByRole("option").first();
      const chevron = hit.getByTestId("section-chevron");
      await expect(chevron).toBeVisible();
      // The section sits after the title in reading order, and the chevron points towards it.
      const layout = await hit.evaluate((option) => {
        const [title, section] = [...option.querySelectorAll(":scope > span")].map((el) => el.getBoundingClientRect());
        const icon = option.querySelector("[data-testid=section-chevron] use")!.getAttribute("href")!;
        return { icon: icon.slice(icon.indexOf("#") + 1), sectionIsLeft: section!.right <= title!.left };
      });
      expect(layout).toEqual(
        prefix ? { icon: "chevron-right", sectionIsLeft: false } : { icon: "chevron-left", sectionIsLeft: true },
      );
      await hit.screenshot({ path: `test-results/screenshots/layout-search-hit-${prefix ? "en" : "fa"}.png` });
      await page.keyboard.press("Escape");
    }
  });

  test("the colour mode follows the system while the page is open, until the visitor chooses", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await open(page, "/en");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    // A choice made on the page wins over the system from then on.
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("the focus ring stands out from the page by at least 3:1, light and dark", async ({ page }) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, "/en/notes/learning-slowly");
      await page.keyboard.press("Tab");
      const { ring, background } = await page.evaluate(() => ({
        ring: getComputedStyle(document.activeElement!).outlineColor,
        background: getComputedStyle(document.body).backgroundColor,
      }));
      expect(await contrastInPage(page, ring, background), scheme).toBeGreaterThanOrEqual(3);
    }
  });

  test("axe finds nothing on every page family, fa and en, light and dark", async ({ browser, site }) => {
    test.setTimeout(180_000);
    const page = await signedInPage(browser, site.url);
    const families = [
      "/",
      "/logs",
      "/notes",
      "/notes/learning-slowly",
      "/about",
      "/tags",
      "/profile",
      "/403",
      "/no/such/page",
    ];
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const prefix of ["", "/en"]) {
        for (const address of families) {
          await open(page, `${prefix}${address === "/" && prefix ? "" : address}`);
          const results = await new AxeBuilder({ page }).analyze();
          expect(
            results.violations.map(
              (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`,
            ),
            `${prefix}${address} ${scheme}`,
          ).toEqual([]);
        }
      }
    }
    await page.context().close();
  });

  test("screenshots: home, a post, 403 and 404 in fa and en, phone and desktop, light and dark", async ({ page }) => {
    test.setTimeout(180_000);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [size, viewport] of [
        ["phone", phone],
        ["desktop", desktop],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const locale of ["fa", "en"] as const) {
          const prefix = locale === "fa" ? "" : "/en";
          for (const [name, address] of [
            ["home", "/"],
            ["post", "/notes/learning-slowly"],
            ["logs", "/logs"],
            ["forbidden", "/403"],
            ["not-found", "/no/such/page"],
          ] as const) {
            await open(page, `${prefix}${address === "/" && prefix ? "" : address}`);
            await page.evaluate(() => document.fonts.ready);
            await snap(page, `layout-${name}-${locale}-${scheme}-${size}`);
          }
        }
      }
    }
  });
});

test('categories that do not fit on a wide header are in a "more" menu; the main items and no drawer button stay', async ({
  browser,
}) => {
  // A site of its own whose owner added categories with long names.
  const extra = [
    ["photography", "عکاسی و سفرهای طولانی", "Photography and long journeys"],
    ["reading-list", "فهرست کتاب‌های خواندنی", "A reading list of good books"],
    ["conference-talks", "سخنرانی‌های همایش‌ها", "Conference talks and slides"],
  ];
  const site = await startSeededSite({}, async (databaseUrl) => {
    const connection = await openDatabase(databaseUrl);
    try {
      const row = await connection.db.select().from(settings).where(eq(settings.key, "app")).get();
      const app = row!.value as { categories: { slug: string; name: { fa: string; en: string } }[] };
      const categories = [
        ...app.categories,
        ...extra.map(([slug, fa, en]) => ({ slug: slug!, name: { fa: fa!, en: en! } })),
      ];
      await connection.db
        .update(settings)
        .set({ value: { ...app, categories } })
        .where(eq(settings.key, "app"));
    } finally {
      connection.client.close();
    }
  });
  const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    for (const [path, logs, about] of [
      ["/", "نوشته‌ها", "درباره"],
      ["/en", "Logs", "About"],
    ] as const) {
      await open(page, path);
      const nav = page.locator("header").getByRole("navigation").first();
      await expect(nav.getByRole("link", { name: logs, exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: about, exact: true })).toBeVisible();
      await expect(page.getByTestId("menu-button")).toBeHidden();
      const more = page.getByTestId("nav-more");
      await expect(more).toBeVisible();
      const visible = await nav
        .getByTestId("nav-category")
        .evaluateAll((items) => items.filter((item) => item.getAttribute("aria-hidden") !== "true").length);
      await more.click();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      const listed = page.getByTestId("nav-more-list").getByRole("link");
      // Every category is reachable: those shown on the line and those in the menu, once each.
      expect(visible + (await listed.count())).toBe(7);
      await snap(page, `header-more-${path === "/" ? "fa" : "en"}`);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("nav-more-list")).toHaveCount(0);
      await expect(more).toBeFocused();
    }
    await page.getByTestId("nav-more").click();
    await page.getByTestId("nav-more-list").getByRole("link").last().click();
    await expect(page).toHaveURL(/\/en\/conference-talks$/);
  } finally {
    await context.close();
    await site.stop();
  }
});
