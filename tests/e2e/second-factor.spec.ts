/**
 * Two-step sign-in in the browser: a passkey added on the profile and used to sign in (Chromium's virtual
 * authenticator through the DevTools protocol), alone and as the second step after the password; and an
 * authenticator app set up from the key the profile shows, its code computed here with otpauth.
 *
 * WebAuthn takes a domain, not an address, as its relying party: the site is opened as localhost.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createUser } from "~/auth/users.server";
import { openDatabase } from "~/db/client.server";
import type { SiteProcess } from "../helpers/site-process";
import { expect, open, test, untilHydrated } from "./fixtures";

const password = "password123";

/** A Member account of this test's own (the worker's site is shared with other files' tests). */
async function newMember(site: SiteProcess, userName: string): Promise<void> {
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  try {
    await createUser(connection.db, { userName, password, firstName: "Pari", lastName: "Passkey", about: "" }, [
      "Member",
    ]);
  } finally {
    connection.client.close();
  }
}

async function logInWithPassword(page: Page, userName: string) {
  await open(page, "/en/login?redirectTo=%2Fen%2Fprofile");
  await page.getByTestId("login-form").getByLabel("User name").fill(userName);
  await page.getByTestId("login-form").getByLabel("Password", { exact: true }).fill(password);
  await page.getByTestId("login-submit").click();
}

const signedInAs = (page: Page) =>
  page.evaluate(async () => {
    const answer = (await (await fetch("/api/_auth/session")).json()) as { user?: { userName: string } };
    return answer.user?.userName ?? null;
  });

test.describe("two-step sign-in", () => {
  test("a passkey is added on the profile, then signs in alone and as the second step", async ({ browser, site }) => {
    const userName = `passkey${Date.now() % 100_000}`;
    await newMember(site, userName);
    const context = await browser.newContext({ baseURL: site.url.replace("127.0.0.1", "localhost") });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await logInWithPassword(page, userName);
    await expect(page.getByTestId("profile")).toBeVisible();
    await untilHydrated(page);
    await page.getByTestId("passkey-name").fill("Laptop");
    await page.getByTestId("passkey-add").click();
    // The first factor brings the recovery codes, shown once.
    await expect(page.getByTestId("recovery-code")).toHaveCount(10);
    await page.getByTestId("recovery-codes-done").click();
    await expect(page.getByTestId("passkey-row")).toHaveCount(1);
    await expect(page.getByTestId("passkey-row")).toContainText("Laptop");
    await expect(page.getByTestId("passkey-row")).toContainText("not used yet");

    // Signed out, the passkey alone signs in: no user name, no password.
    await context.clearCookies();
    await open(page, "/en/login?redirectTo=%2Fen%2Fprofile");
    await page.getByTestId("passkey-sign-in").click();
    await expect(page.getByTestId("profile")).toBeVisible();
    await untilHydrated(page);
    expect(await signedInAs(page)).toBe(userName);
    await expect(page.getByTestId("passkey-row")).toContainText("last used");

    // The password now leads to the second step, which the passkey finishes.
    await context.clearCookies();
    await logInWithPassword(page, userName);
    await expect(page).toHaveURL(/\/en\/login\/second-step\?redirectTo=%2Fen%2Fprofile$/);
    expect(await signedInAs(page)).toBeNull();
    await page.getByTestId("second-step-passkey").click();
    await expect(page.getByTestId("profile")).toBeVisible();
    await untilHydrated(page);
    expect(await signedInAs(page)).toBe(userName);
    await context.close();
  });

  test("an authenticator app is set up from the profile's key and asked for at the next sign-in", async ({
    browser,
    site,
  }) => {
    const userName = `totp${Date.now() % 100_000}`;
    await newMember(site, userName);
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await logInWithPassword(page, userName);
    await expect(page.getByTestId("profile")).toBeVisible();
    await untilHydrated(page);
    await page.getByTestId("totp-set-up").click();
    await expect(page.getByTestId("totp-setup").locator("svg")).toBeVisible();
    const secret = Secret.fromBase32((await page.getByTestId("totp-secret").textContent())!.trim());
    const step = Math.floor(Date.now() / 30_000);
    const code = (n: number) => TOTP.generate({ secret, timestamp: n * 30_000 });
    await page.getByTestId("totp-enable-form").getByTestId("second-factor-code").fill(code(step));
    await page.getByTestId("totp-enable-submit").click();
    await expect(page.getByTestId("recovery-code")).toHaveCount(10);
    await page.getByTestId("recovery-codes-done").click();
    await expect(page.getByTestId("second-factor-state")).toContainText("On since");
    await expect(page.getByTestId("totp-secret")).toHaveCount(0);

    await context.clearCookies();
    await logInWithPassword(page, userName);
    await expect(page).toHaveURL(/\/en\/login\/second-step/);
    // A wrong code says so at the field and signs nobody in.
    await page.getByTestId("second-factor-code").fill("12345");
    await page.getByTestId("second-step-submit").click();
    await expect(page.getByTestId("second-step-form")).toContainText("That code is not right");
    expect(await signedInAs(page)).toBeNull();
    await page.getByTestId("second-factor-code").fill(code(step + 1));
    await page.getByTestId("second-step-submit").click();
    await expect(page.getByTestId("profile")).toBeVisible();
    await untilHydrated(page);
    expect(await signedInAs(page)).toBe(userName);
    await context.close();
  });
});
