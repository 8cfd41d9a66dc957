/**
 * The owner requires two-step sign-in for the roles that manage the site: refused until they have a factor
 * themselves, they set up an authenticator app and turn the setting on; an editor without a factor signs in, is
 * sent from the dashboard to set one up, sets up an authenticator app with a code computed here by otpauth, and
 * then reaches the dashboard. On a site of its own: the setting would change the worker's shared site.
 */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { startSeededSite } from "../helpers/seeded-site";
import { expect, open, test, untilHydrated, watchBrowserProblems } from "./fixtures";

/** Sets up an authenticator app on the profile; the page is signed in with its password just now. */
async function setUpAuthenticator(page: Page) {
  await open(page, "/en/profile#second-factor");
  await page.getByTestId("totp-set-up").click();
  await expect(page.getByTestId("totp-setup").locator("svg")).toBeVisible();
  const secret = Secret.fromBase32((await page.getByTestId("totp-secret").textContent())!.trim());
  const code = TOTP.generate({ secret, timestamp: Date.now() });
  await page.getByTestId("totp-enable-form").getByTestId("second-factor-code").fill(code);
  await page.getByTestId("totp-enable-submit").click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  await page.getByTestId("recovery-codes-done").click();
  await expect(page.getByTestId("second-factor-state")).toContainText("On since");
}

async function logIn(page: Page, userName: string, redirectTo: string) {
  await open(page, `/en/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByTestId("login-form").getByLabel("User name").fill(userName);
  await page.getByTestId("login-form").getByLabel("Password", { exact: true }).fill("password123");
  await page.getByTestId("login-submit").click();
}

test("the owner requires two-step sign-in; an editor without it is sent to set it up, then reaches the dashboard", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const site = await startSeededSite();
  const contexts: { close(): Promise<void> }[] = [];
  try {
    // 1. The owner tries to turn it on without a factor of their own: refused, nothing saved.
    const owner = await (async () => {
      const context = await browser.newContext({ baseURL: site.url });
      contexts.push(context);
      return context.newPage();
    })();
    const ownerProblems = watchBrowserProblems(owner);
    await logIn(owner, "admin", "/en/manage/settings");
    await owner.waitForURL(/\/en\/manage\/settings$/);
    await untilHydrated(owner);
    const setting = owner.getByTestId("setting-signInRequireSecondFactor");
    await setting.click();
    await owner.getByTestId("settings-save").click();
    await expect(owner.getByTestId("settings-section-sign-in")).toContainText(
      "Set up two-step sign-in on your profile first",
    );
    await expect(owner.getByTestId("settings-state")).toHaveText("Unsaved changes");

    // 2. With an authenticator app of their own, the same switch saves.
    await setUpAuthenticator(owner);
    await open(owner, "/en/manage/settings");
    await owner.getByTestId("setting-signInRequireSecondFactor").click();
    await owner.getByTestId("settings-save").click();
    await expect(owner.getByTestId("settings-state")).toHaveText("Everything is saved");
    await owner.reload();
    await expect(owner.getByTestId("setting-signInRequireSecondFactor")).toBeChecked();

    // 3. An editor without a factor signs in and is shown the way to set one up instead of the dashboard.
    const context = await browser.newContext({ baseURL: site.url });
    contexts.push(context);
    const editor = await context.newPage();
    const editorProblems = watchBrowserProblems(editor);
    await logIn(editor, "editor", "/en/manage");
    await editor.waitForURL(/\/en\/manage$/);
    await untilHydrated(editor);
    await expect(editor.getByTestId("second-factor-required")).toContainText("Set up two-step sign-in to continue");
    await editor.getByTestId("second-factor-required-setup").click();
    await editor.waitForURL(/\/en\/profile#second-factor$/);

    // 4. An authenticator app set up, the dashboard opens.
    await setUpAuthenticator(editor);
    await editor.goto("/en/manage");
    await expect(editor.getByTestId("second-factor-required")).toHaveCount(0);
    await expect(editor.getByRole("navigation", { name: "Dashboard menu" })).toBeVisible();
    expect([...ownerProblems, ...editorProblems]).toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
    await site.stop();
  }
});
