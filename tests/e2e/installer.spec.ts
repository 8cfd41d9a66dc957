import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { SiteProcess } from "../helpers/site-process";
import { expect, freshTest as fresh, open, untilHydrated, snap } from "./fixtures";

function setupToken(site: SiteProcess): string {
  return readFileSync(path.join(site.dataDir, "setup-token"), "utf8").trim();
}

const texts = {
  en: {
    title: "Install Daftar",
    connected: "Database Connection Established",
    start: "Start Installation",
    notInitialized: "Database Schema Not Initialized",
    migrate: "Run Migrations",
    initialized: "Database Schema Initialized",
    proceed: "Proceed to Defaults app Database",
    ready: "Database Ready",
    addAdmin: "Adding Admin User",
    firstName: "First name",
    lastName: "Last name",
    about: "About",
    userName: "Username",
    password: "Password",
    confirm: "Confirm Password",
    create: "Create the administrator",
    finish: "Finish Installing",
    previous: "Previous",
    complete: "Installation complete",
    open: "Open the site",
    success: "User registered successfully",
    mismatch: "Passwords do not match",
    min3: "Must be at least 3 characters",
  },
  fa: {
    title: "نصب دفتر",
    connected: "اتصال به پایگاه داده برقرار است",
    start: "شروع نصب",
    notInitialized: "ساختار پایگاه داده آماده نیست",
    migrate: "اجرای مهاجرت‌ها",
    initialized: "ساختار پایگاه داده آماده است",
    proceed: "رفتن به بارگذاری داده‌های پیش‌فرض",
    ready: "پایگاه داده آماده است",
    addAdmin: "افزودن کاربر مدیر",
    firstName: "نام",
    lastName: "نام خانوادگی",
    about: "درباره",
    userName: "نام کاربری",
    password: "گذرواژه",
    confirm: "تکرار گذرواژه",
    create: "ساخت حساب مدیر",
    finish: "پایان نصب",
    previous: "قبلی",
    complete: "نصب کامل شد",
    open: "رفتن به سایت",
    success: "کاربر با موفقیت ثبت شد",
    mismatch: "گذرواژه‌ها یکسان نیستند",
    min3: "دست‌کم باید ۳ نویسه باشد",
  },
} as const;

async function runInstaller(page: Page, site: SiteProcess, locale: "fa" | "en") {
  const x = texts[locale];
  const prefix = locale === "en" ? "/en" : "";
  const shot = (name: string) => snap(page, `installer-${locale}-${name}`);
  const started = Date.now();

  // Without the token: the token panel, whatever page is asked for.
  await open(page, `${prefix}/about`);
  await expect(page.getByTestId("setup-token-panel")).toBeVisible();
  await expect(page).toHaveTitle(x.title);
  await shot("0-token");
  await page.getByRole("textbox").fill("wrong-token");
  await page
    .getByRole("button")
    .filter({ hasText: locale === "en" ? "Continue" : "ادامه" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/about\\?setup=wrong-token$`));
  await expect(page.getByTestId("setup-token-panel")).toContainText(locale === "en" ? "not valid" : "معتبر نیست");

  // With the token in the address: it becomes a cookie and leaves the address.
  await page.goto(`${prefix}/?setup=${setupToken(site)}`);
  await expect(page).not.toHaveURL(/setup=/);
  await untilHydrated(page);
  const step = page.locator("[data-testid^=install-step-]");

  await expect(step).toHaveAttribute("data-testid", "install-step-1");
  await expect(page.getByTestId("status-title")).toHaveText(x.connected);
  await expect(page.getByTestId("database-url")).toContainText("daftar.db");
  await expect(page.getByRole("button", { name: x.previous })).toHaveCount(0);
  // The stepper's steps are not buttons.
  await expect(page.getByTestId("stepper").getByRole("button")).toHaveCount(0);
  await shot("1-database");
  await page.getByRole("button", { name: x.start }).click();

  await expect(step).toHaveAttribute("data-testid", "install-step-2");
  await expect(page.getByTestId("status-title")).toHaveText(x.notInitialized);
  await shot("2-schema");
  await page.getByRole("button", { name: x.migrate }).click();
  await expect(page.getByTestId("status-title")).toHaveText(x.initialized);

  // A reload resumes on the same step.
  await page.reload();
  await expect(step).toHaveAttribute("data-testid", "install-step-2");
  await expect(page.getByTestId("status-title")).toHaveText(x.initialized);
  await page.getByRole("button", { name: x.proceed }).click();

  await expect(step).toHaveAttribute("data-testid", "install-step-3");
  await expect(page.getByTestId("status-title")).toHaveText(x.ready, { timeout: 20_000 });
  await shot("3-defaults");
  await page.getByRole("button", { name: x.addAdmin }).click();

  await expect(step).toHaveAttribute("data-testid", "install-step-4");
  // One primary action per step: Finish appears once the administrator exists.
  await expect(page.getByRole("button", { name: x.finish })).toHaveCount(0);
  const form = page.getByTestId("admin-form");
  await form.getByLabel(x.firstName, { exact: true }).fill(locale === "en" ? "Sara" : "سارا");
  await form.getByLabel(x.lastName, { exact: true }).fill(locale === "en" ? "Rahimi" : "رحیمی");
  await form.getByLabel(x.about, { exact: true }).fill(locale === "en" ? "Runs this notebook" : "نویسندهٔ این دفتر");
  await form.getByLabel(x.userName, { exact: true }).fill("ab");
  await form.getByLabel(x.password, { exact: true }).fill("secret-pass");
  await form.getByLabel(x.confirm, { exact: true }).fill("secret-pasx");
  await form.getByLabel(x.confirm, { exact: true }).blur();
  await expect(form).toContainText(x.mismatch);
  await expect(form).toContainText(x.min3);
  // The show/hide toggle reveals the password.
  await form
    .getByRole("button", { name: locale === "en" ? "Show password" : "نمایش گذرواژه" })
    .first()
    .click();
  await expect(form.getByLabel(x.password, { exact: true })).toHaveAttribute("type", "text");
  await shot("4-admin-errors");
  await form.getByLabel(x.userName, { exact: true }).fill("sara");
  await form.getByLabel(x.confirm, { exact: true }).fill("secret-pass");
  // The errors clear 300 ms after typing stops.
  await expect(form).not.toContainText(x.mismatch);
  await expect(form).not.toContainText(x.min3);
  await form.getByRole("button", { name: x.create }).click();
  await expect(page.getByRole("region").getByText(x.success)).toBeVisible();
  await expect(page.getByTestId("admin-ready")).toBeVisible();
  await shot("4-admin-done");
  await page.getByRole("button", { name: x.finish }).click();

  await expect(step).toHaveAttribute("data-testid", "install-step-5");
  await expect(page.getByTestId("install-finished")).toContainText(x.complete);
  await expect(page.getByTestId("install-nav")).toHaveCount(0);
  await shot("5-finished");
  const elapsed = Date.now() - started;

  await page.getByRole("link", { name: x.open }).click();
  await expect(page.getByTestId("installer")).toHaveCount(0);
  await expect(page.getByTestId("site-name")).toBeVisible();
  await shot("6-site");
  // Logged in as the new administrator.
  const session = await page.evaluate(() =>
    fetch("/api/_auth/session")
      .then((r) => r.json())
      .catch(() => ({})),
  );
  return { elapsed, session };
}

for (const locale of ["fa", "en"] as const) {
  fresh(
    `the whole installer in ${locale}, from an empty data folder to a signed-in administrator`,
    async ({ page, fresh: site }) => {
      const { elapsed } = await runInstaller(page, site, locale);
      console.log(`installer (${locale}) took ${elapsed} ms in the browser`);
      // The installer is locked for good.
      const again = await page.request.post(`${site.url}/api/install/migrations-run`, {
        headers: { "x-locale": "en" },
      });
      expect(again.status()).toBe(403);
      expect(await again.json()).toEqual({ message: "Application is already installed" });
      // Its cookies hold a session: the session cookie is HttpOnly.
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "daftar_session")?.httpOnly).toBe(true);
      expect(cookies.find((c) => c.name === "daftar_setup")).toBeUndefined();
    },
  );
}
