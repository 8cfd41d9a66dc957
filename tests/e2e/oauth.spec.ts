import { test as base, type Page } from "@playwright/test";
import { freePort } from "../../scripts/free-port";
import { startOidcProvider, type TestProvider } from "../helpers/oidc-provider";
import type { SiteProcess } from "../helpers/site-process";
import { expect, open, snap, untilHydrated } from "./fixtures";
import { startSeededSite } from "../helpers/seeded-site";

/** A site configured with an OpenID Connect provider, and that provider, on loopback. */
const test = base.extend<object, { oauthSite: { site: SiteProcess; provider: TestProvider } }>({
  oauthSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const providerPort = await freePort();
      const site = await startSeededSite({
        OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
        OIDC_CLIENT_ID: "daftar-test",
        OIDC_CLIENT_SECRET: "daftar-test-secret-with-enough-length-for-hs256",
        OIDC_NAME: "Test ID",
      });
      const provider = await startOidcProvider([`${site.url}/api/oauth/oidc/callback`], providerPort);
      await use({ site, provider });
      await provider.close();
      await site.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ oauthSite }, use) => use(oauthSite.site.url),
});

/** Signs in at the provider's development screens in the popup, which then closes itself. */
async function signInInPopup(popup: Page, login: string) {
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill("anything");
  await popup.getByRole("button", { name: "Sign-in" }).click();
  // The callback page closes the popup at once: listen before the last click, or the event may be gone.
  const closed = popup.waitForEvent("close");
  await popup
    .getByRole("button", { name: "Continue" })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}

test("sign in with a provider in a popup; the opener refreshes its session", async ({ page }) => {
  await open(page, "/en/login?redirectTo=%2Fen%2Fprofile");
  await snap(page, "oauth-login-en-light-desktop");
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("oauth-oidc").click()]);
  await signInInPopup(popup, "poppy");
  await page.waitForURL(/\/en\/profile$/);
  await expect(page.getByTestId("profile-name")).toHaveText("Poppy Provider");
  await expect(page.getByRole("region", { name: /Notification/ })).toContainText("Login successful");
  await expect(page.getByTestId("avatar-button")).toHaveText("PP");
  // The browser's identity key came along and is this account's device.
  await expect(page.getByTestId("device-row")).toHaveCount(1);
});

test("link a provider account to an existing account, then sign in with it from the avatar menu", async ({ page }) => {
  await open(page, "/en/login?redirectTo=%2Fen%2Fprofile");
  await page.getByTestId("login-form").locator('input[name="userName"]').fill("member");
  await page.getByTestId("login-form").locator('input[name="password"]').fill("password123");
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/en\/profile$/);
  await untilHydrated(page);
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByTestId("linked-accounts").getByTestId("oauth-oidc").click(),
  ]);
  await signInInPopup(popup, "mo-elsewhere");
  await expect(page.getByRole("region", { name: /Notification/ })).toContainText("Your Test ID account is now linked.");
  await expect(page.getByTestId("linked-oidc")).toBeVisible();
  await snap(page, "oauth-linked-profile-en-light-desktop");

  // Log out, then sign in with the linked provider account from the avatar menu's dialog.
  await page.getByTestId("avatar-button").click();
  await page.getByTestId("logout").click();
  await expect(page.getByRole("region", { name: /Notification/ })).toContainText("Logged out successfully");
  await open(page, "/en");
  await page.getByTestId("avatar-button").click();
  await page.getByTestId("menu-login").click();
  const dialog = page.getByTestId("login-dialog");
  const [again] = await Promise.all([page.waitForEvent("popup"), dialog.getByTestId("oauth-oidc").click()]);
  // Still signed in at the provider (its own session in this browser): the popup comes straight back and closes.
  await expect(dialog).toBeHidden();
  await expect.poll(() => again.isClosed()).toBe(true);
  await expect(page.getByTestId("avatar-button")).toHaveText("MM");
  await page.getByTestId("avatar-button").click();
  await expect(page.getByTestId("avatar-menu-name")).toHaveText("Mo Member");
});
