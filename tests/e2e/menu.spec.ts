/**
 * An owner edits the header menu in the settings, in Chromium: an item removed, one moved with the keyboard (the
 * focus stays on it and its new place is announced), a category and an outside link added (a bad address refused
 * on its field first), saved; a visitor then sees the menu in the header and in the phone's drawer, in both
 * languages. Screenshots of the card and of the header, fa and en, light and dark, phone and desktop. The site is
 * this file's own.
 */
import type { Page } from "@playwright/test";
import type { SiteProcess } from "../helpers/site-process";
import { startSeededSite } from "../helpers/seeded-site";
import { test as base, expect, open, signedInPage, snap } from "./fixtures";

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

const toasts = (page: Page) => page.getByRole("region", { name: /Notification|اعلان/ });
const headerMenu = (page: Page) => page.getByTestId("site-header").getByTestId("nav-item");

test("an owner edits the menu with the keyboard and a visitor sees it in the header and the drawer", async ({
  browser,
  ownSite,
}) => {
  const page = await signedInPage(browser, ownSite.url);
  await page.setViewportSize(desktop);
  await open(page, "/en/manage/settings");
  const card = page.getByTestId("menu-card");
  const items = card.getByTestId("menu-item");
  await expect(items).toHaveCount(4);
  await expect(card.getByTestId("menu-save")).toBeDisabled();

  // Logs goes; Contact moves up with the keyboard and keeps the focus.
  await items.nth(1).getByTestId("menu-remove").click();
  await expect(items).toHaveCount(3);
  await items.nth(2).getByTestId("menu-up").focus();
  await page.keyboard.press("Enter");
  await expect(items.nth(1).getByTestId("menu-label-en")).toHaveValue("Contact");
  await expect(items.nth(1).getByTestId("menu-up")).toBeFocused();
  await expect(card.getByTestId("menu-announcement")).toHaveText("Contact is now item 2");
  // At the top the up button is disabled: the focus moves to the same item's down button.
  await page.keyboard.press("Enter");
  await expect(items.nth(0).getByTestId("menu-label-en")).toHaveValue("Contact");
  await expect(items.nth(0).getByTestId("menu-down")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(items.nth(1).getByTestId("menu-label-en")).toHaveValue("Contact");

  // A category, labelled in both languages.
  await card.getByTestId("menu-add").click();
  const category = items.nth(3);
  await category.getByTestId("menu-kind").selectOption("category");
  await category.getByTestId("menu-target").selectOption("notes");
  await category.getByTestId("menu-label-en").fill("Notebook");
  await category.getByTestId("menu-label-fa").fill("دفترچه");
  // An outside link: a script address is refused on its field before anything is sent.
  await card.getByTestId("menu-add").click();
  const outside = items.nth(4);
  await outside.getByTestId("menu-kind").selectOption("link");
  await outside.getByTestId("menu-target").fill("javascript:alert(1)");
  await outside.getByTestId("menu-label-en").fill("Shop");
  await card.getByTestId("menu-save").click();
  await expect(outside.getByTestId("field-error")).toHaveText("Must be an address starting with http:// or https://");
  await expect(outside.getByTestId("menu-target")).toHaveAttribute("aria-invalid", "true");
  await outside.getByTestId("menu-target").fill("https://example.org/shop");
  await expect(outside.getByTestId("field-error")).toHaveCount(0);
  await snap(page, "menu-settings-card-en-light-desktop");
  await card.getByTestId("menu-save").click();
  await expect(toasts(page)).toContainText("Menu saved");
  await expect(card.getByTestId("menu-save")).toBeDisabled();
  // The dashboard's own header follows at once; the history names the change.
  await expect(headerMenu(page)).toHaveText(["Home", "Contact", "About", "Notebook", "Shop"]);
  await expect(page.getByTestId("history-entry").first().locator('[data-field="menu"]')).toContainText("Notebook");

  // A visitor, in both languages, on a desktop and a phone, in light and dark.
  const context = await browser.newContext({ baseURL: ownSite.url, viewport: desktop });
  const reader = await context.newPage();
  await open(reader, "/en/about");
  await expect(headerMenu(reader)).toHaveText(["Home", "Contact", "About", "Notebook", "Shop"]);
  await expect(headerMenu(reader).nth(4).getByRole("link")).toHaveAttribute("href", "https://example.org/shop");
  await reader.getByTestId("site-header").getByRole("link", { name: "Notebook" }).click();
  await expect(reader).toHaveURL(/\/en\/notes$/);
  await expect(headerMenu(reader).nth(3).getByRole("link")).toHaveClass(/active/);
  await open(reader, "/about");
  // The Persian labels; the outside link has none in Persian, so the English one stands in.
  await expect(headerMenu(reader)).toHaveText(["خانه", "تماس", "درباره", "دفترچه", "Shop"]);
  for (const scheme of ["light", "dark"] as const) {
    await reader.emulateMedia({ colorScheme: scheme });
    for (const locale of ["fa", "en"] as const) {
      await reader.setViewportSize(desktop);
      await open(reader, locale === "fa" ? "/about" : "/en/about");
      await snap(reader, `menu-header-${locale}-${scheme}-desktop`);
      await reader.setViewportSize(phone);
      await open(reader, locale === "fa" ? "/about" : "/en/about");
      await expect(headerMenu(reader).first()).toBeHidden();
      await reader.getByTestId("menu-button").click();
      const drawer = reader.getByTestId("mobile-drawer");
      await expect(drawer.getByTestId("nav-item")).toHaveText(
        locale === "fa"
          ? ["خانه", "تماس", "درباره", "دفترچه", "Shop"]
          : ["Home", "Contact", "About", "Notebook", "Shop"],
      );
      await snap(reader, `menu-drawer-${locale}-${scheme}-phone`);
      await reader.keyboard.press("Escape");
    }
  }
  await context.close();
});
