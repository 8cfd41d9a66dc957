import { eq } from "drizzle-orm";
import { test as base } from "@playwright/test";
import { users } from "~/db/schema";
import { composeMessage } from "~/mail/compose.server";
import { startMailSite, type MailSite } from "../helpers/mail-site";
import { expect, open, untilHydrated, signedInPage, snap, test as siteTest, watchBrowserProblems } from "./fixtures";

/**
 * E-mail in the browser: a forgotten password from the login form to a new session, the link read from the
 * test's own SMTP server (the site sends through it by SMTP_URL); and the messages and the settings page drawn
 * in Chromium for screenshots.
 */
const test = base.extend<object, { mailSite: MailSite }>({
  mailSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mail = await startMailSite(async (db) => {
        await db
          .update(users)
          .set({ email: "mo@example.test", emailConfirmedAt: new Date() })
          .where(eq(users.userName, "member"));
      });
      await use(mail);
      await mail.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ mailSite }, use) => use(mailSite.site.url),
  page: async ({ page }, use) => {
    const problems = watchBrowserProblems(page);
    await use(page);
    expect(problems, "errors in the browser").toEqual([]);
  },
});

test("forgot password: from the login form, through the message, to a new session", async ({ page, mailSite }) => {
  const { smtp } = mailSite;
  await open(page, "/en/login");
  await page.getByTestId("forgot-link").click();
  await expect(page).toHaveURL(/\/en\/forgot-password$/);
  await untilHydrated(page);
  const index = smtp.received.length;
  await page.getByLabel("E-mail address").fill("mo@example.test");
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("forgot-sent")).toContainText("If an account has this confirmed address");
  const message = await smtp.nextMessage(index);
  const link = message.text?.match(/http:\/\/\S+\/en\/reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await open(page, link!);
  await page.getByLabel("Password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm password").fill("brand-new-pass");
  await page.getByTestId("reset-submit").click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByTestId("profile-name")).toBeVisible();
  await expect(page.getByTestId("email-current")).toContainText("mo@example.test");
  await page.getByTestId("email-card").scrollIntoViewIfNeeded();
  await page.getByTestId("email-card").screenshot({ path: "test-results/screenshots/profile-email-en.png" });
  // The link is spent.
  await open(page, link!);
  await expect(page.getByTestId("reset-link-invalid")).toBeVisible();
});

test("the login dialog's forgotten-password link closes the dialog and opens the page", async ({ page }) => {
  await open(page, "/");
  await page.getByTestId("avatar-button").click();
  await page.getByTestId("menu-login").click();
  const dialog = page.getByTestId("login-dialog");
  await dialog.getByTestId("forgot-link").click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("forgot-form")).toBeVisible();
});

test("screenshots: the messages in Persian and English, and the forgotten-password page", async ({ page }) => {
  for (const locale of ["fa", "en"] as const) {
    const message = await composeMessage(locale, locale === "fa" ? "دفتر" : "Daftar", {
      kind: "passwordReset",
      userName: "member",
      link: "https://daftar.example/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789",
      hours: 1,
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(message.html);
      await snap(page, `mail-reset-${locale}-${width}`);
    }
  }
  await page.setViewportSize({ width: 390, height: 800 });
  await open(page, "/forgot-password");
  await snap(page, "forgot-password-fa-390");
  await open(page, "/login");
  await snap(page, "login-fa-390");
});

test("screenshots: the profile's address card in Persian, dark", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, "moderator");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 900 });
  await open(page, "/profile");
  await page.getByTestId("email-card").scrollIntoViewIfNeeded();
  await page.getByTestId("email-card").screenshot({ path: "test-results/screenshots/profile-email-fa-dark.png" });
  await page.context().close();
});

siteTest(
  "the owner sets the SMTP server and sends a test message; a private address needs the operator's allowance",
  async ({ browser, baseURL }) => {
    const page = await signedInPage(browser, baseURL!, "admin");
    await open(page, "/en/manage/settings");
    await page.getByTestId("settings-email-link").click();
    await expect(page).toHaveURL(/\/en\/manage\/settings\/email$/);
    await untilHydrated(page);
    await page.getByTestId("mail-enabled").check();
    await page.getByTestId("mail-host").fill("127.0.0.1");
    await page.getByTestId("mail-port").fill("2525");
    await page.getByTestId("mail-security").selectOption("none");
    await page.getByTestId("mail-user").fill("site");
    await page.getByTestId("mail-password").fill("smtp-secret");
    await page.getByTestId("mail-from").fill("site@daftar.test");
    await page.getByTestId("mail-from-fa").fill("دفتر");
    await page.getByTestId("mail-from-en").fill("Daftar");
    await page.getByTestId("mail-save").click();
    await expect(page.getByText("The mail server was saved.").first()).toBeVisible();
    // The password is never sent back: the page only says one is stored.
    await expect(page.getByText("A password is stored. Leave this empty to keep it.")).toBeVisible();
    expect(await page.content()).not.toContain("smtp-secret");
    await page.getByTestId("mail-test-to").fill("owner@example.test");
    await page.getByTestId("mail-test-send").click();
    await expect(page.getByText("The test message is in the outbox").first()).toBeVisible();
    // This site's operator allowed no private address for the mail server: the outbox says so, and keeps it.
    await expect(async () => {
      await open(page, "/en/manage/settings/email");
      await expect(page.getByTestId("mail-outbox-error").first()).toContainText("SMTP_HOST_ALLOW_PRIVATE", {
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("mail-outbox-row").first()).toHaveAttribute("data-state", "pending");
    for (const locale of ["fa", "en"] as const) {
      for (const scheme of ["light", "dark"] as const) {
        for (const width of [390, 1280]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: 900 });
          await open(page, `${locale === "en" ? "/en" : ""}/manage/settings/email`);
          await expect(page.getByTestId("mail-settings")).toBeVisible();
          await snap(page, `mail-settings-${locale}-${scheme}-${width}`);
        }
      }
    }
    await page.context().close();
  },
);
