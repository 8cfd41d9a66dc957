import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, freshTest, open, untilHydrated, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

/** The top of each field's input: a row of fields keeps them level whatever messages their neighbours show. */
const inputTops = (page: Page, scope: string) =>
  page
    .locator(`${scope} input:not([type=checkbox]):not([type=hidden]), ${scope} textarea`)
    .evaluateAll((inputs) => inputs.map((input) => Math.round(input.getBoundingClientRect().top)));

test("an empty account form says every field is required; the fields of a row stay level", async ({ page }) => {
  await page.setViewportSize(desktop);
  for (const [prefix, required] of [
    ["", "این فیلد لازم است"],
    ["/en", "Required"],
  ] as const) {
    await open(page, `${prefix}/register`);
    const form = page.getByTestId("register-form");
    const before = await inputTops(page, "[data-testid=register-form]");
    // Only one neighbour of a row has a message: the first name too short, the last name fine.
    await form.locator('input[name="firstName"]').fill("x");
    await form.locator('input[name="lastName"]').fill("Rahimi");
    await form.locator('input[name="lastName"]').blur();
    await expect(form.getByTestId("field-error")).toHaveCount(1);
    const [first, last] = await inputTops(page, "[data-testid=register-form]");
    expect(first).toBe(last);
    await form.locator('input[name="firstName"]').fill("");
    await form.locator('input[name="lastName"]').fill("");
    await page.getByTestId("register-submit").click();
    await expect(form.getByTestId("field-error")).toHaveText(Array(6).fill(required));
    const after = await inputTops(page, "[data-testid=register-form]");
    expect(after[0]).toBe(after[1]);
    expect(after[4]).toBe(after[5]);
    expect(before[0]).toBe(after[0]);
  }
});

test("an administrator adds a user without an About", async ({ page, site }) => {
  const login = await page.request.post("/api/auth/login", {
    data: { userName: "admin", password: "password123" },
    headers: { origin: site.url },
  });
  expect(login.status()).toBe(200);
  await open(page, "/en/manage/users");
  await page.getByTestId("add-user").click();
  const dialog = page.getByTestId("add-user-dialog");
  await expect(dialog.getByText("About you")).toContainText("optional");
  await dialog.getByTestId("add-user-submit").click();
  // Everything but About is required.
  await expect(dialog.getByTestId("field-error")).toHaveText(Array(5).fill("Required"));
  await dialog.locator('input[name="firstName"]').fill("Nika");
  await dialog.locator('input[name="lastName"]').fill("Rahimi");
  await dialog.locator('input[name="userName"]').fill("nika_no_about");
  await dialog.locator('input[name="password"]').fill("password123");
  await dialog.locator('input[name="confirmPassword"]').fill("password123");
  await dialog.getByTestId("add-user-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-testid="user-row"][data-user="nika_no_about"]')).toBeVisible();
});

test("screenshots of the account forms with their messages: fa and en, phone and desktop, light and dark", async ({
  page,
  browser,
  site,
}) => {
  const admin = await (await browser.newContext({ baseURL: site.url })).newPage();
  const login = await admin.request.post("/api/auth/login", {
    data: { userName: "admin", password: "password123" },
    headers: { origin: site.url },
  });
  expect(login.status()).toBe(200);
  for (const [device, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        for (const p of [page, admin]) {
          await p.setViewportSize(viewport);
          await p.emulateMedia({ colorScheme: scheme });
        }
        await open(page, `${prefix}/register`);
        await page.getByTestId("register-form").locator('input[name="firstName"]').fill("x");
        await page.getByTestId("register-submit").click();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `tmp/screens/register-${lang}-${device}-${scheme}.png`, fullPage: true });
        await open(admin, `${prefix}/manage/users`);
        await admin.getByTestId("add-user").click();
        await admin.getByTestId("add-user-submit").click();
        await admin.evaluate(() => document.fonts.ready);
        await admin.screenshot({ path: `tmp/screens/add-user-${lang}-${device}-${scheme}.png` });
      }
    }
  }
  await admin.context().close();
});

freshTest("screenshots of the installer's administrator step with its messages", async ({ page, fresh: site }) => {
  const token = readFileSync(path.join(site.dataDir, "setup-token"), "utf8").trim();
  await page.goto(`/?setup=${token}`);
  await untilHydrated(page);
  const step = page.locator("[data-testid^=install-step-]");
  const next = () => page.getByTestId("install-nav").getByRole("button").last();
  await expect(step).toHaveAttribute("data-testid", "install-step-1");
  await expect(next()).toBeEnabled();
  await next().click();
  await next().click(); // run the migrations
  await expect(page.getByTestId("install-nav").getByRole("button")).toHaveCount(2);
  await next().click(); // on to the default data
  await expect(step).toHaveAttribute("data-testid", "install-step-3");
  await expect(page.getByTestId("install-nav").getByRole("button")).toHaveCount(2, { timeout: 20_000 });
  await next().click();
  await expect(step).toHaveAttribute("data-testid", "install-step-4");
  for (const [prefix, lang] of [
    ["", "fa"],
    ["/en", "en"],
  ] as const) {
    await open(page, `${prefix}/`);
    await expect(step).toHaveAttribute("data-testid", "install-step-4");
    // One primary action: the form's own button; the way back is secondary.
    await expect(page.getByTestId("install-nav").getByRole("button")).toHaveCount(1);
    await page.getByTestId("admin-form").locator('input[name="firstName"]').fill("x");
    await page
      .getByTestId("admin-form")
      .getByRole("button", { name: lang === "en" ? /Create/ : /ساخت/ })
      .click();
    await expect(page.getByTestId("admin-form").getByTestId("field-error").first()).toBeVisible();
    for (const [device, viewport] of [
      ["phone", phone],
      ["desktop", desktop],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `tmp/screens/installer-admin-${lang}-${device}-${scheme}.png`, fullPage: true });
      }
    }
  }
});
