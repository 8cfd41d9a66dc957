import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { expect, open, reload, signedInPage, snap, test, untilHydrated } from "./fixtures";

/** Errors the browser reports (CSP refusals, hydration mismatches, uncaught exceptions), to assert none. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (
      message.type() === "error" &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
    ) {
      errors.push(message.text());
    }
  });
  return errors;
}

const identity = (page: Page) =>
  page.evaluate(() => ({
    priv: localStorage.getItem("device-priv"),
    profile: JSON.parse(localStorage.getItem("profile") ?? "null") as {
      displayName: string;
      about: string;
      pub: string;
      deviceName: string;
      userId?: number;
      userName?: string;
      firstName?: string;
      lastName?: string;
    } | null,
    loggedIn: localStorage.getItem("logged-in"),
  }));

/** How far the page is wider than the window (wide tables must scroll inside their own box). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function loginOnPage(page: Page, path: string, userName: string, password = "password123") {
  await open(page, path);
  await page.getByTestId("login-form").locator('input[name="userName"]').fill(userName);
  await page.getByTestId("login-form").locator('input[name="password"]').fill(password);
  await page.getByTestId("login-submit").click();
}

test.describe("accounts", () => {
  test("register, log out, log in from the avatar menu, edit the profile, change the password (the other session ends)", async ({
    page,
    browser,
    site,
  }) => {
    const errors = watchErrors(page);
    await open(page, "/register");
    await expect(page).toHaveTitle(/^ثبت‌نام \| دفتر/);
    const form = page.getByTestId("register-form");
    // The form's own checks, in Persian, before anything is sent.
    await form.locator('input[name="firstName"]').fill("س");
    await form.locator('input[name="firstName"]').blur();
    await expect(form.getByTestId("field-error").first()).toHaveText("دست‌کم باید ۲ نویسه باشد");
    await form.locator('input[name="firstName"]').fill("سارا");
    await form.locator('input[name="lastName"]').fill("تهرانی");
    await form.locator('textarea[name="about"]').fill("خوانندهٔ همیشگی دفتر");
    await form.locator('input[name="userName"]').fill("sara");
    await form.locator('input[name="password"]').fill("secret-1");
    await form.locator('input[name="confirmPassword"]').fill("secret-2");
    await page.getByTestId("register-submit").click();
    await expect(form.getByTestId("field-error")).toHaveText(["گذرواژه‌ها یکسان نیستند"]);
    // Show/hide toggles.
    const confirm = form.locator('input[name="confirmPassword"]');
    await expect(confirm).toHaveAttribute("type", "password");
    await form.getByTestId("password-toggle").nth(1).click();
    await expect(confirm).toHaveAttribute("type", "text");
    await confirm.fill("secret-1");
    await snap(page, "accounts-register-fa-light-desktop");
    await page.getByTestId("register-submit").click();

    await page.waitForURL(`${site.url}/`);
    await expect(page.getByRole("region", { name: /اعلان/ })).toContainText("ثبت‌نام با موفقیت انجام شد");
    await expect(page.getByTestId("avatar-button")).toContainText("ست");
    // The account's profile is merged into the browser's identity; the key stays.
    const registered = await identity(page);
    await expect.poll(async () => (await identity(page)).profile?.displayName).toBe("سارا تهرانی");
    expect(registered.priv).toMatch(/^[0-9a-f]{64}$/);

    // Log out from the avatar menu: a fresh identity replaces the account's.
    await page.getByTestId("avatar-button").click();
    await expect(page.getByTestId("avatar-menu-name")).toHaveText("سارا تهرانی");
    await snap(page, "accounts-avatar-menu-fa-light-desktop");
    await page.getByTestId("logout").click();
    await expect(page.getByRole("region", { name: /اعلان/ })).toContainText("با موفقیت خارج شدید");
    await expect.poll(async () => (await identity(page)).profile?.userId ?? null).toBeNull();
    const afterLogout = await identity(page);
    expect(afterLogout.priv).toMatch(/^[0-9a-f]{64}$/);
    expect(afterLogout.priv).not.toBe(registered.priv);
    expect(afterLogout.profile?.displayName).not.toBe("سارا تهرانی");

    // Log in again from the avatar menu's dialog.
    await page.getByTestId("avatar-button").click();
    await page.getByTestId("menu-login").click();
    const dialog = page.getByTestId("login-dialog");
    await expect(dialog).toBeVisible();
    await dialog.locator('input[name="userName"]').fill("sara");
    await dialog.locator('input[name="password"]').fill("wrong-one");
    await dialog.getByTestId("login-submit").click();
    await expect(dialog.getByTestId("form-alert")).toHaveText("نام کاربری یا گذرواژه نادرست است");
    await dialog.locator('input[name="password"]').fill("secret-1");
    await snap(page, "accounts-login-dialog-fa-light-desktop");
    await dialog.getByTestId("login-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("avatar-button")).toContainText("ست");

    // Edit the profile.
    await open(page, "/profile");
    const profile = page.getByTestId("profile-form");
    await profile.locator('input[name="firstName"]').fill("سارا جان");
    await profile.locator('textarea[name="about"]').fill("نویسنده و خواننده");
    await page.getByTestId("profile-submit").click();
    await expect(page.getByRole("region", { name: /اعلان/ })).toContainText("نمایه با موفقیت به‌روز شد");
    await expect(page.getByTestId("profile-name")).toHaveText("سارا جان تهرانی");
    await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/سارا جان تهرانی/);

    // Another browser signs in to the same account.
    const phone = await browser.newContext({ baseURL: site.url });
    const phonePage = await phone.newPage();
    await loginOnPage(phonePage, "/login?redirectTo=%2Fprofile", "sara", "secret-1");
    await phonePage.waitForURL(`${site.url}/profile`);
    await expect(phonePage.getByTestId("profile-name")).toHaveText("سارا جان تهرانی");

    // The sessions list shows both, and the keys of the three identities that signed in (the one that
    // registered, the one after logging out, the phone's); change the password in the first browser, keeping
    // only this browser's key (the one ticked at first).
    await page.reload();
    await expect(page.getByTestId("session-row")).toHaveCount(2);
    await expect(page.getByTestId("device-row")).toHaveCount(3);
    const keep = page.getByTestId("password-keep-keys");
    await expect(keep.getByRole("checkbox")).toHaveCount(3);
    await expect(keep.getByRole("checkbox", { checked: true })).toHaveCount(1);
    await snap(page, "accounts-profile-fa-light-desktop");
    const password = page.getByTestId("password-form");
    await password.locator('input[name="oldPassword"]').fill("not-my-password");
    await password.locator('input[name="newPassword"]').fill("secret-3");
    await password.locator('input[name="confirmPassword"]').fill("secret-3");
    await page.getByTestId("password-submit").click();
    await expect(password.getByTestId("field-error")).toHaveText("گذرواژهٔ فعلی نادرست است");
    await password.locator('input[name="oldPassword"]').fill("secret-1");
    await page.getByTestId("password-submit").click();
    await expect(page.getByRole("region", { name: /اعلان/ })).toContainText("گذرواژه با موفقیت تغییر کرد");
    await expect(page.getByTestId("session-row")).toHaveCount(1);
    // The other keys went (the phone's with its session); this browser's stayed.
    await expect(page.getByTestId("device-row")).toHaveCount(1);
    await expect(page.getByTestId("device-row")).toContainText("همین دستگاه");

    // The other browser's session is over; its identity is replaced when it notices.
    await phonePage.reload();
    await expect(phonePage.getByTestId("profile-guest")).toBeVisible();
    await expect.poll(async () => (await identity(phonePage)).profile?.userId ?? null).toBeNull();
    await phone.close();

    // The new password works, the old one does not.
    const check = await browser.newContext({ baseURL: site.url });
    const checkPage = await check.newPage();
    await loginOnPage(checkPage, "/login", "sara", "secret-1");
    await expect(checkPage.getByTestId("form-alert")).toHaveText("نام کاربری یا گذرواژه نادرست است");
    await checkPage.getByTestId("login-form").locator('input[name="password"]').fill("secret-3");
    await checkPage.getByTestId("login-submit").click();
    await checkPage.waitForURL(`${site.url}/`);
    await check.close();
    expect(errors).toEqual([]);
  });

  test("keys: sign out everywhere keeps the ticked keys, the profile removes one, and linking asks for the password", async ({
    page,
    browser,
    site,
  }) => {
    const errors = watchErrors(page);
    // Three browsers of the editor's: this one, a laptop and a phone.
    const others = [];
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext({ baseURL: site.url });
      const other = await context.newPage();
      await loginOnPage(other, "/en/login", "editor");
      await other.waitForURL(`${site.url}/en`);
      others.push(context);
    }
    await loginOnPage(page, "/en/login?redirectTo=%2Fen%2Fprofile", "editor");
    await page.waitForURL(`${site.url}/en/profile`);
    await expect(page.getByTestId("device-row")).toHaveCount(3);
    // The profile is a new document: its button opens the dialog once the page is hydrated.
    await untilHydrated(page);

    // Sign out everywhere else, keeping one of the other browsers' keys as well as this one's.
    await page.getByTestId("end-other-sessions").click();
    const dialog = page.getByTestId("end-other-sessions-dialog");
    await expect(dialog.getByRole("checkbox")).toHaveCount(3);
    await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(1);
    await dialog.getByRole("checkbox", { checked: false }).first().check();
    await snap(page, "accounts-end-sessions-en-light-desktop");
    await dialog.getByTestId("confirm").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("session-row")).toHaveCount(1);
    await expect(page.getByTestId("device-row")).toHaveCount(2);

    // Remove the kept one from the keys list, after the question.
    const row = page.getByTestId("device-row").filter({ hasNotText: "This device" });
    await row.getByTestId("key-remove").click();
    const remove = page.getByTestId("key-remove-dialog");
    await expect(remove).toContainText("Remove this browser's key?");
    await snap(page, "accounts-remove-key-en-light-desktop");
    await remove.getByTestId("confirm").click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("The key is removed.");
    await expect(page.getByTestId("device-row")).toHaveCount(1);

    // Linking is open for ten minutes after signing in with the password; the card says so.
    await expect(page.getByTestId("proof-ready")).toBeVisible();
    for (const context of others) await context.close();
    expect(errors).toEqual([]);
  });

  test("an older session confirms the password before linking; the cards read well everywhere and axe finds nothing", async ({
    page,
    site,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await loginOnPage(page, "/login?redirectTo=%2Fprofile", "moderator");
    await page.waitForURL(`${site.url}/profile`);
    // The sign-in is an hour old: linking is closed until the password is typed again.
    const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
    try {
      const old = new Date(Date.now() - 60 * 60_000);
      const row = await connection.db.select().from(users).where(eq(users.userName, "moderator")).get();
      await connection.db.update(sessions).set({ createdAt: old, passwordAt: old }).where(eq(sessions.userId, row!.id));
    } finally {
      connection.client.close();
    }
    const card = page.getByTestId("confirm-password");
    for (const [width, height, device] of [
      [1366, 900, "desktop"],
      [390, 844, "mobile"],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        for (const [prefix, lang] of [
          ["", "fa"],
          ["/en", "en"],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.emulateMedia({ colorScheme: scheme });
          await open(page, `${prefix}/profile`);
          await expect(card.getByTestId("confirm-password-form")).toBeVisible();
          await card.scrollIntoViewIfNeeded();
          await snap(page, `accounts-confirm-password-${lang}-${scheme}-${device}`);
          const results = await new AxeBuilder({ page })
            .include("[data-testid=confirm-password]")
            .include("[data-testid=keys]")
            .analyze();
          expect(results.violations.map((v) => `${lang} ${scheme} ${device} ${v.id}`)).toEqual([]);
          expect(await overflow(page)).toBe(0);
        }
      }
    }
    // A wrong password is said at its field; the right one opens linking.
    await card.locator('input[name="password"]').fill("not-the-password");
    await card.getByTestId("confirm-password-submit").click();
    await expect(card.getByTestId("field-error")).toHaveText("Current password is incorrect");
    await card.locator('input[name="password"]').fill("password123");
    await card.getByTestId("confirm-password-submit").click();
    await expect(card.getByTestId("proof-ready")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("an administrator creates a role and gives it to a member, who then sees the users page", async ({
    page,
    browser,
    site,
  }) => {
    const errors = watchErrors(page);
    // The member, signed in, cannot open the page yet.
    const memberContext = await browser.newContext({ baseURL: site.url });
    const member = await memberContext.newPage();
    await loginOnPage(member, "/en/login?redirectTo=%2Fen%2Fmanage%2Fusers", "member");
    await member.waitForURL(`${site.url}/en/manage/users`);
    await expect(member.getByTestId("forbidden")).toBeVisible();
    await expect(member.getByTestId("admin-button")).toHaveCount(0);

    // An anonymous visitor to the page goes to login and comes back after it.
    await open(page, "/en/manage/users");
    await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fmanage%2Fusers$/);
    await page.getByTestId("login-form").locator('input[name="userName"]').fill("admin");
    await page.getByTestId("login-form").locator('input[name="password"]').fill("password123");
    await page.getByTestId("login-submit").click();
    await page.waitForURL(`${site.url}/en/manage/users`);
    await expect(page.getByTestId("manage-users")).toBeVisible();
    await expect(page.getByTestId("admin-button")).toBeVisible();

    // Add a role with a permission checklist.
    await page.getByTestId("add-role").click();
    const roleDialog = page.getByTestId("add-role-dialog");
    await roleDialog.getByTestId("add-role-submit").click();
    await expect(roleDialog.getByTestId("field-error")).toHaveText([
      "Required",
      "Required",
      "At least one permission must be selected",
    ]);
    // The first field with a message takes the focus.
    await expect(roleDialog.locator('input[name="name"]')).toBeFocused();
    await roleDialog.locator('input[name="name"]').fill("Reviewer");
    await roleDialog.locator('input[name="description"]').fill("Reads the dashboard");
    // Permissions are offered by area, in plain words, with the code as a hint.
    const siteArea = roleDialog.getByRole("group", { name: "Dashboard and settings" });
    await expect(siteArea.getByRole("checkbox")).toHaveCount(2);
    await siteArea.getByRole("checkbox", { name: /View the dashboard/ }).check();
    await snap(page, "accounts-add-role-en-light-desktop");
    await roleDialog.getByTestId("add-role-submit").click();
    await expect(roleDialog).toBeHidden();
    await expect(page.getByRole("region", { name: /Notification/ })).toContainText("Role added successfully");
    const reviewer = page.locator('[data-testid="role-row"][data-role="Reviewer"]');
    await expect(reviewer.locator("[data-permission]")).toHaveText(["View the dashboard"]);
    await expect(reviewer.locator('[data-permission="dashboard.read"]')).toHaveAttribute(
      "title",
      /Code: dashboard\.read/,
    );

    // The dialog opens empty again; the server's refusal of a taken name shows on that field, and Cancel closes.
    await page.getByTestId("add-role").click();
    await expect(roleDialog.locator('input[name="name"]')).toHaveValue("");
    await roleDialog.locator('input[name="name"]').fill("Reviewer");
    await roleDialog.locator('input[name="description"]').fill("Again");
    await roleDialog.getByRole("checkbox", { name: /dashboard\.read/ }).check();
    await roleDialog.getByTestId("add-role-submit").click();
    await expect(roleDialog.getByTestId("field-error")).toHaveText([
      "Role name is already taken. Please choose another one.",
    ]);
    await expect(roleDialog.getByTestId("form-alert")).toHaveCount(0);
    await roleDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(roleDialog).toBeHidden();

    // Give it to the member.
    await page.locator('[data-testid="user-row"][data-user="member"]').getByTestId("edit-roles").click();
    const rolesDialog = page.getByTestId("edit-roles-dialog");
    await rolesDialog.getByRole("checkbox", { name: /Reviewer/ }).check();
    await rolesDialog.getByTestId("edit-roles-submit").click();
    await expect(rolesDialog).toBeHidden();
    await expect(page.locator('[data-testid="user-row"][data-user="member"]')).toContainText("Reviewer");
    await snap(page, "accounts-users-en-light-desktop");

    // The member's very next request sees the page (read-only: no users.manage).
    await member.reload();
    await expect(member.getByTestId("manage-users")).toBeVisible();
    await expect(member.getByTestId("read-only")).toBeVisible();
    await expect(member.getByTestId("add-user")).toHaveCount(0);
    await memberContext.close();

    // Search and add a user.
    await page.getByRole("searchbox").fill("mod");
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/q=mod/);
    await expect(page.getByTestId("user-row")).toHaveCount(1);
    await page.getByTestId("add-user").click();
    const userDialog = page.getByTestId("add-user-dialog");
    await userDialog.locator('input[name="firstName"]').fill("Nika");
    await userDialog.locator('input[name="lastName"]').fill("Rahimi");
    await userDialog.locator('textarea[name="about"]').fill("A new moderator");
    await userDialog.locator('input[name="userName"]').fill("nika");
    await userDialog.locator('input[name="password"]').fill("password123");
    await userDialog.locator('input[name="confirmPassword"]').fill("password123");
    await userDialog.getByTestId("add-user-submit").click();
    await expect(userDialog).toBeHidden();
    await expect(page.getByRole("region", { name: /Notification/ })).toContainText("User added successfully");
    expect(errors).toEqual([]);
  });

  test("the anonymous identity survives reloads, can take a new random name, and is replaced on logout", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await open(page, "/en");
    // Made once the page is idle.
    await expect.poll(async () => (await identity(page)).priv, { timeout: 15_000 }).toMatch(/^[0-9a-f]{64}$/);
    const first = await identity(page);
    expect(first.profile?.displayName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(first.profile?.deviceName).toBe(first.profile?.displayName);
    expect(first.profile?.pub).toMatch(/^[0-9a-f]{64}$/);
    expect(first.loggedIn).toBe("true");
    const initials = first
      .profile!.displayName.split(" ")
      .map((w) => w[0])
      .join("");
    await expect(page.getByTestId("avatar-button")).toHaveText(initials);

    await reload(page);
    await page.waitForTimeout(500);
    expect(await identity(page)).toEqual(first);

    // The profile page shows it, and can give it a new name (same key).
    await open(page, "/en/profile");
    await expect(page.getByTestId("identity-name")).toHaveText(first.profile!.displayName);
    await expect(page.getByTestId("identity-about")).toHaveText("A newcomer to Daftar");
    await snap(page, "accounts-profile-guest-en-light-desktop");
    await page.getByTestId("new-random-name").click();
    await expect(page.getByTestId("identity-name")).not.toHaveText(first.profile!.displayName);
    const renamed = await identity(page);
    expect(renamed.priv).toBe(first.priv);
    expect(renamed.profile?.pub).toBe(first.profile?.pub);

    // Log in (the key is sent as pub and recorded as a device), then log out: a new identity.
    await loginOnPage(page, "/en/login?redirectTo=%2Fen%2Fprofile", "editor");
    await page.waitForURL(/\/en\/profile$/);
    await expect(page.getByTestId("device-row").filter({ hasText: renamed.profile!.deviceName })).toContainText(
      "This device",
    );
    await page.getByTestId("avatar-button").click();
    await page.getByTestId("logout").click();
    await expect.poll(async () => (await identity(page)).priv).not.toBe(first.priv);
    const fresh = await identity(page);
    expect(fresh.priv).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh.profile?.userId).toBeUndefined();
    expect(errors).toEqual([]);
  });

  test("Persian identity names are «animal adjective»", async ({ page }) => {
    await open(page, "/");
    await expect.poll(async () => (await identity(page)).priv, { timeout: 15_000 }).toMatch(/^[0-9a-f]{64}$/);
    const { profile } = await identity(page);
    expect(profile?.displayName).toMatch(/^[\u0600-\u06FF\u200c]+ [\u0600-\u06FF\u200c]+$/);
    expect(profile?.about).toBe("تازه\u200cوارد دفتر");
  });

  test("a member signed in on a browser without an identity gets one when the page is idle, written once with the account's profile", async ({
    browser,
    site,
  }) => {
    const page = await signedInPage(browser, site.url, "editor");
    // Every write of the identity's profile, counted from the document's first script.
    await page.addInitScript(() => {
      const write = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === "profile") (window as unknown as { profileWrites: number }).profileWrites = profileWrites() + 1;
        return write.call(this, key, value);
      };
      function profileWrites() {
        return (window as unknown as { profileWrites?: number }).profileWrites ?? 0;
      }
    });
    const errors = watchErrors(page);
    await open(page, "/en");
    await expect.poll(async () => (await identity(page)).priv, { timeout: 15_000 }).toMatch(/^[0-9a-f]{64}$/);
    const { profile, loggedIn } = await identity(page);
    const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
    const [account] = await connection.db.select().from(users).where(eq(users.userName, "editor"));
    connection.client.close();
    expect(profile).toMatchObject({ userId: account!.id, userName: "editor", firstName: "Eli", lastName: "Editor" });
    expect(profile?.pub).toMatch(/^[0-9a-f]{64}$/);
    expect(loggedIn).toBe("true");
    // Not a guest's identity first and then the account's: one write, one change for the page to render.
    expect(await page.evaluate(() => (window as unknown as { profileWrites?: number }).profileWrites)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test("screenshots: login, register, profile and users in fa and en, light and dark, desktop and mobile", async ({
    page,
    browser,
    site,
  }) => {
    // Twenty-odd full-page screenshots; the profile is a long page.
    test.setTimeout(120_000);
    const admin = await browser.newContext({ baseURL: site.url });
    const adminPage = await admin.newPage();
    await loginOnPage(adminPage, "/en/login", "admin");
    await adminPage.waitForURL(`${site.url}/en`);
    for (const [width, height, device] of [
      [1280, 800, "desktop"],
      [390, 844, "mobile"],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        for (const [prefix, lang] of [
          ["", "fa"],
          ["/en", "en"],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.emulateMedia({ colorScheme: scheme });
          await adminPage.setViewportSize({ width, height });
          await adminPage.emulateMedia({ colorScheme: scheme });
          for (const name of ["login", "register"]) {
            await open(page, `${prefix}/${name}`);
            await page.evaluate(() => document.fonts.ready);
            await snap(page, `accounts-${name}-${lang}-${scheme}-${device}`);
            expect(await overflow(page), `${prefix}/${name}`).toBe(0);
          }
          const pages =
            device === "desktop" && scheme === "light"
              ? ["profile", "manage/users", "manage"]
              : ["profile", "manage/users"];
          for (const name of pages) {
            await open(adminPage, `${prefix}/${name}`);
            await adminPage.evaluate(() => document.fonts.ready);
            await snap(adminPage, `accounts-${name.replace("/", "-")}-${lang}-${scheme}-${device}`);
            expect(await overflow(adminPage), `${prefix}/${name}`).toBe(0);
          }
        }
      }
    }
    await admin.close();
  });
});
