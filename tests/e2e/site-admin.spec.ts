/**
 * An owner runs the site from the dashboard, in Chromium: settings in both languages seen on public pages, a
 * category added and moved, items filtered, a member given a custom role (and losing part of it), then
 * disabled and signed out. Screenshots of every screen of it, in both languages, on a desktop and a phone, light
 * and dark. The site is this file's own: what these journeys change does not reach other files' pages.
 */
import type { Browser, Page } from "@playwright/test";
import type { SiteProcess } from "../helpers/site-process";
import { test as base, expect, open, reload, signedInPage, snap } from "./fixtures";
import { startSeededSite } from "../helpers/seeded-site";

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

/** A visitor without a session: what the document cache serves. */
async function visitor(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url, viewport: desktop });
  return context.newPage();
}

test("an owner changes the site name and footer in both languages and sees them on public pages", async ({
  browser,
  ownSite,
}) => {
  const reader = await visitor(browser, ownSite.url);
  // The public pages are in the document cache before the change.
  for (const address of ["/en", "/", "/en", "/"]) await open(reader, address);

  const page = await signedInPage(browser, ownSite.url);
  await page.setViewportSize(desktop);
  await open(page, "/en/manage/settings");
  await expect(page.getByTestId("settings-state")).toHaveText("Everything is saved");
  await page.getByTestId("setting-siteNameEn").fill("Field Notes");
  await page.getByTestId("setting-siteNameFa").fill("یادداشت‌های میدانی");
  await page.getByTestId("setting-footerEn").fill("Written outdoors, in two languages.");
  await page.getByTestId("setting-footerFa").fill("نوشته در هوای آزاد، به دو زبان.");
  await expect(page.getByTestId("settings-state")).toHaveText("Unsaved changes");
  // The preview shows the title template with what was typed.
  await expect(page.getByTestId("title-preview")).toContainText("Field Notes • A developer's notebook");
  await page.getByTestId("settings-save").click();
  await expect(toasts(page)).toContainText("Settings saved");
  await expect(page.getByTestId("settings-state")).toHaveText("Everything is saved");
  // The dashboard's own header follows at once, and the history names who changed what.
  await expect(page.getByTestId("site-name")).toHaveText(/Field Notes$/);
  const latest = page.getByTestId("history-entry").first();
  await expect(latest.getByTestId("history-author")).toHaveText("Ava Admin");
  await expect(latest.locator('[data-field="siteNameEn"]')).toContainText("Field Notes");

  // The visitor's pages, in both languages, show the new name and footer at once.
  await open(reader, "/en");
  await expect(reader.getByTestId("site-name")).toHaveText(/Field Notes$/);
  await expect(reader.getByTestId("footer-text")).toHaveText("Written outdoors, in two languages.");
  await expect(reader).toHaveTitle("Field Notes • A developer's notebook");
  await open(reader, "/en/about");
  await expect(reader).toHaveTitle(/\| Field Notes • A developer's notebook$/);
  await open(reader, "/");
  await expect(reader.getByTestId("site-name")).toHaveText(/یادداشت‌های میدانی$/);
  await expect(reader.getByTestId("footer-text")).toHaveText("نوشته در هوای آزاد، به دو زبان.");
  await snap(reader, "site-admin-public-after-settings-fa-light-desktop");

  // A bad value is refused on its field before anything is sent; nothing was lost of what was typed.
  await page.getByTestId("setting-siteNameEn").fill("");
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("settings-section-site").getByTestId("field-error")).toHaveText("Required");
  await expect(page.getByTestId("setting-siteNameEn")).toBeFocused();
  // Leaving with the unsaved change asks first.
  await page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Items" }).click();
  await expect(page.getByTestId("leave-dialog")).toBeVisible();
  await page.getByRole("button", { name: "Stay on the page" }).click();
  await expect(page).toHaveURL(/\/en\/manage\/settings$/);
  await expect(page.getByTestId("setting-siteNameEn")).toHaveValue("");
  await page.getByTestId("setting-siteNameEn").fill("Field Notes");
  await expect(page.getByTestId("settings-state")).toHaveText("Everything is saved");
  await page.context().close();
  await reader.context().close();
});

test("an owner sets the git host in Settings: each field checked, the token never shown back; Builds shows it read-only", async ({
  browser,
  ownSite,
}) => {
  const secret = "tok-never-shown-4242";
  const page = await signedInPage(browser, ownSite.url);
  await page.setViewportSize(desktop);
  await open(page, "/en/manage/settings");
  const panel = page.getByTestId("host-panel");
  await expect(panel.getByTestId("clone-url")).toHaveText(`git clone ${ownSite.url}/git/content.git`);
  await panel.getByTestId("host-kind").selectOption("git");
  // Credentials in the address and a bad branch are refused on their fields, in the user's language.
  await panel.getByTestId("host-url").fill("https://me:pw@git.example/me/notes.git");
  await panel.getByTestId("host-branch").fill("main..old");
  await panel.getByTestId("host-save").click();
  await expect(panel.getByTestId("field-error")).toHaveText([
    "Enter an http(s) address without a user name or password in it.",
    "Enter a valid branch name, such as main.",
  ]);
  await panel.getByTestId("host-url").fill("https://git.example/me/notes.git");
  await panel.getByTestId("host-branch").fill("main");
  await panel.getByTestId("host-token").fill(secret);
  await panel.getByTestId("host-save").click();
  await expect(toasts(page)).toContainText("Git host saved");

  // The token is stored and never comes back: not in the page, not in the call that reads the host.
  await reload(page);
  await expect(panel.getByTestId("host-kind")).toHaveValue("git");
  await expect(panel.getByTestId("host-url")).toHaveValue("https://git.example/me/notes.git");
  await expect(panel.getByTestId("host-token")).toHaveValue("");
  await expect(panel).toContainText("A token is stored.");
  expect(await page.content()).not.toContain(secret);
  const read = await page.request.get("/api/builds/host");
  expect(await read.json()).toEqual({
    kind: "git",
    url: "https://git.example/me/notes.git",
    branch: "main",
    username: "",
    apiUrl: "",
    hasToken: true,
  });

  // Builds shows where builds go, read-only, with the way to Settings.
  await open(page, "/en/manage/builds");
  const summary = page.getByTestId("host-summary");
  await expect(summary).toHaveAttribute("data-kind", "git");
  await expect(summary.getByTestId("host-url-value")).toHaveText("https://git.example/me/notes.git");
  await expect(summary).toContainText("Stored (never shown)");
  await expect(page.getByTestId("host-form")).toHaveCount(0);
  await summary.getByTestId("host-settings-link").click();
  await expect(page).toHaveURL(/\/en\/manage\/settings#git-host$/);

  // Persian messages for the same mistakes.
  await open(page, "/manage/settings");
  await panel.getByTestId("host-url").fill("ftp://git.example/x");
  await panel.getByTestId("host-save").click();
  await expect(panel.getByTestId("field-error")).toHaveText("نشانی http(s) بدون نام کاربری و گذرواژه وارد کنید.");

  // Back to this site's repository only: the token is forgotten with the remote.
  await open(page, "/en/manage/settings");
  await panel.getByTestId("host-kind").selectOption("local");
  await panel.getByTestId("host-save").click();
  await expect(toasts(page)).toContainText("Git host saved");
  expect(await (await page.request.get("/api/builds/host")).json()).toMatchObject({ kind: "local", hasToken: false });
  await page.context().close();

  // Someone who reads the settings without changing them sees the host, without a form.
  const moderator = await signedInPage(browser, ownSite.url, "moderator");
  await open(moderator, "/en/manage/settings");
  await expect(moderator.getByTestId("host-summary")).toHaveAttribute("data-kind", "local");
  await expect(moderator.getByTestId("host-panel")).toHaveCount(0);
  await moderator.context().close();
});

test("an owner chooses who may clone the site's repository: Settings keeps it, Builds says it, git follows it", async ({
  browser,
  ownSite,
}) => {
  test.setTimeout(120_000);
  const refs = () => fetch(`${ownSite.url}/git/content.git/info/refs?service=git-upload-pack`);
  const page = await signedInPage(browser, ownSite.url);
  await page.setViewportSize(desktop);
  await open(page, "/en/manage/settings");
  const section = page.getByTestId("settings-section-repository");
  const cloneLine = page.getByTestId("host-panel").getByTestId("clone-line");
  // A site that never chose: public pages only, for anyone.
  await expect(section.getByTestId("repository-access-public")).toBeChecked();
  await expect(cloneLine).toHaveAttribute("data-access", "public");
  await expect(cloneLine).toContainText("Anyone can clone the site's published pages (drafts are left out):");
  await expect(cloneLine.getByTestId("clone-url")).toHaveText(`git clone ${ownSite.url}/git/content.git`);
  expect((await refs()).status).toBe(200);

  // The whole repository, for people who may see builds: git must sign in.
  await section.getByText("People who may see builds: the whole repository").click();
  await expect(page.getByTestId("settings-state")).toHaveText("Unsaved changes");
  await page.getByTestId("settings-save").click();
  await expect(toasts(page)).toContainText("Settings saved");
  await expect(cloneLine).toHaveAttribute("data-access", "builds");
  expect((await refs()).status).toBe(401);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.screenshot({
      path: `test-results/screenshots/site-admin-repository-access-en-desktop-${scheme}.png`,
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await open(page, "/en/manage/builds");
  const summaryLine = page.getByTestId("host-summary").getByTestId("clone-line");
  await expect(summaryLine).toContainText("People who may see builds can clone the whole repository, drafts included");
  await expect(summaryLine.getByTestId("clone-url")).toHaveText(`git clone ${ownSite.url}/git/content.git`);

  // Not served: Builds says so and gives no command; every address of the repository is 404.
  await open(page, "/manage/settings");
  await expect(section).toContainText("مخزن سایت");
  await section.getByText("هیچ‌کس", { exact: true }).click();
  await page.getByTestId("settings-save").click();
  await expect(toasts(page)).toContainText("تنظیمات ذخیره شد");
  expect((await refs()).status).toBe(404);
  await page.setViewportSize(phone);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.screenshot({ path: `test-results/screenshots/site-admin-repository-access-fa-phone-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await open(page, "/manage/builds");
  await expect(page.getByTestId("host-summary").getByTestId("clone-line")).toHaveAttribute("data-access", "off");
  await expect(page.getByTestId("clone-url")).toHaveCount(0);
  await snap(page, "site-admin-builds-repository-off-fa-phone-light");

  // The change history names the setting and both choices in words.
  await open(page, "/en/manage/settings");
  const history = page.locator('[data-field="repositoryAccess"]').first();
  await expect(history).toContainText("Who may clone it");
  await expect(history).toContainText("Nobody");

  // Back to the default.
  await section.getByTestId("repository-access-public").check();
  await page.getByTestId("settings-save").click();
  await expect(toasts(page)).toContainText("Settings saved");
  expect((await refs()).status).toBe(200);
  await page.context().close();
});

test("an owner adds a category, moves it up and sees the menus follow; a used one cannot be removed", async ({
  browser,
  ownSite,
}) => {
  const page = await signedInPage(browser, ownSite.url);
  await page.setViewportSize(desktop);
  await open(page, "/en/manage/items/category");
  await page.getByTestId("add-category").click();
  const dialog = page.getByTestId("add-category-dialog");
  await dialog.getByTestId("category-slug").fill("Logs");
  await dialog.getByTestId("category-name-fa").fill("جستارها");
  await dialog.getByTestId("category-name-en").fill("Essays");
  await dialog.getByTestId("category-submit").click();
  await expect(dialog.getByTestId("field-error")).toHaveText("This address belongs to the site itself");
  await dialog.getByTestId("category-slug").fill("essays");
  await dialog.getByTestId("category-submit").click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText("Category added");
  const rows = page.getByTestId("category-row");
  await expect(rows.last()).toHaveAttribute("data-slug", "essays");

  // Twice up, by keyboard after the first click: the moved row keeps the focus.
  const essays = page.locator('[data-testid="category-row"][data-slug="essays"]');
  await essays.getByTestId("move-up").click();
  await expect(rows.nth(3)).toHaveAttribute("data-slug", "essays");
  await expect(essays.getByTestId("move-up")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rows.nth(2)).toHaveAttribute("data-slug", "essays");
  await expect(toasts(page)).toContainText("Order saved");
  await snap(page, "site-admin-categories-en-light-desktop");

  // A visitor's menus, in the header and the phone drawer, in both languages.
  const reader = await visitor(browser, ownSite.url);
  await open(reader, "/en/about");
  await expect(reader.getByTestId("nav-category")).toHaveText(["Books", "Notes", "Essays", "Projects", "Tutorials"]);
  await open(reader, "/about");
  await expect(reader.getByTestId("nav-category")).toHaveText([
    "کتاب‌ها",
    "یادداشت‌ها",
    "جستارها",
    "پروژه‌ها",
    "آموزش‌ها",
  ]);
  await reader.setViewportSize(phone);
  await open(reader, "/en");
  await reader.getByTestId("menu-button").click();
  await expect(reader.getByTestId("drawer-categories").getByRole("link")).toHaveText([
    "Books",
    "Notes",
    "Essays",
    "Projects",
    "Tutorials",
  ]);
  await reader.getByTestId("drawer-categories").getByRole("link", { name: "Essays" }).click();
  await expect(reader).toHaveURL(/\/en\/essays$/);
  await expect(reader.locator("main h1")).toHaveText("Essays");
  await reader.context().close();

  // Renamed, the new name shows; removing a category with items only explains why not.
  await essays.getByTestId("rename-category").click();
  const rename = page.getByTestId("rename-category-dialog");
  await rename.getByTestId("category-name-en").fill("Long reads");
  await rename.getByTestId("category-submit").click();
  await expect(rename).toBeHidden();
  await expect(essays.getByTestId("category-name-en")).toHaveText("Long reads");
  await page.locator('[data-testid="category-row"][data-slug="books"]').getByTestId("remove-category").click();
  const refuse = page.getByTestId("remove-category-dialog");
  await expect(refuse).toContainText("This category still has 6 items.");
  await expect(refuse.getByTestId("confirm")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.context().close();
});

test("an owner filters, searches and orders the items", async ({ browser, ownSite }) => {
  const page = await signedInPage(browser, ownSite.url);
  await page.setViewportSize(desktop);
  await open(page, "/en/manage/items");
  const rows = page.getByTestId("item-row");
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId("page-next")).toBeVisible();

  await page.getByTestId("filter-locale").selectOption("fa");
  await expect(page).toHaveURL(/\?locale=fa$/);
  await expect(rows.first()).toHaveAttribute("data-locale", "fa");
  expect(new Set(await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-locale"))))).toEqual(
    new Set(["fa"]),
  );
  await page.getByTestId("filter-status").selectOption("draft");
  await expect(page).toHaveURL(/locale=fa&status=draft/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("item-status")).toHaveText("Draft");

  await page.getByTestId("filter-clear").click();
  await expect(page).toHaveURL(/\/en\/manage\/items$/);
  await expect(page.getByTestId("filter-locale")).toHaveValue("");
  await page.getByTestId("filter-category").selectOption("tuts");
  await expect(page).toHaveURL(/\?category=tuts$/);
  await expect(rows).toHaveCount(6);
  await page.getByTestId("filter-q").fill("bisect");
  await page.getByTestId("filter-q").press("Enter");
  await expect(page).toHaveURL(/category=tuts&q=bisect|q=bisect&category=tuts/);
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId("item-category").first()).toHaveText(/Tutorials$/);
  await page.getByTestId("filter-sort").selectOption("title-asc");
  await expect(page).toHaveURL(/sort=title-asc/);
  await snap(page, "site-admin-items-filtered-en-light-desktop");
  // The title opens a published item on the site.
  await rows.first().getByTestId("item-title").click();
  await expect(page).toHaveURL(/\/tuts\/git-bisect$/);
  await page.context().close();
});

test("a member given a custom role gains and loses access at once; disabled, they are signed out", async ({
  browser,
  ownSite,
}) => {
  const member = await signedInPage(browser, ownSite.url, "member");
  await member.setViewportSize(desktop);
  expect((await member.goto("/en/manage"))?.status()).toBe(403);

  const page = await signedInPage(browser, ownSite.url);
  await page.setViewportSize(desktop);
  await open(page, "/en/manage/users");
  await page.getByTestId("add-role").click();
  const roleDialog = page.getByTestId("add-role-dialog");
  await roleDialog.locator('input[name="name"]').fill("Reviewer");
  await roleDialog.locator('input[name="description"]').fill("Reads the dashboard and moderates");
  await roleDialog.getByRole("checkbox", { name: /View the dashboard/ }).check();
  await roleDialog.getByRole("checkbox", { name: /Moderate comments/ }).check();
  await roleDialog.getByTestId("add-role-submit").click();
  await expect(roleDialog).toBeHidden();
  const memberRow = page.locator('[data-testid="user-row"][data-user="member"]');
  await memberRow.getByTestId("edit-roles").click();
  const rolesDialog = page.getByTestId("edit-roles-dialog");
  await rolesDialog.getByRole("checkbox", { name: /Reviewer/ }).check();
  await rolesDialog.getByTestId("edit-roles-submit").click();
  await expect(rolesDialog).toBeHidden();
  await expect(memberRow.getByTestId("user-roles")).toContainText("Reviewer");

  // The member's next request has the role: the dashboard with its menu, and the moderation queue.
  await open(member, "/en/manage");
  await expect(member.getByTestId("manage-nav").getByRole("link")).toHaveText([
    "Dashboard",
    "Items",
    "Comments",
    "Users",
    "Settings",
  ]);
  await open(member, "/en/manage/comments");
  await expect(member.getByTestId("manage-comments")).toBeVisible();
  // Settings are readable, not changeable.
  await open(member, "/en/manage/settings");
  await expect(member.getByTestId("read-only")).toBeVisible();
  await expect(member.getByTestId("settings-save")).toHaveCount(0);

  // The role loses moderation: so does the member, at once.
  await page.locator('[data-testid="role-row"][data-role="Reviewer"]').getByTestId("edit-role").click();
  const editRole = page.getByTestId("edit-role-dialog");
  await editRole.getByRole("checkbox", { name: /Moderate comments/ }).uncheck();
  await editRole.getByTestId("edit-role-submit").click();
  await expect(editRole).toBeHidden();
  await expect(toasts(page)).toContainText("Role updated successfully");
  expect((await member.goto("/en/manage/comments"))?.status()).toBe(403);
  await open(member, "/en/manage");
  await expect(member.getByTestId("manage-nav").getByRole("link")).toHaveText([
    "Dashboard",
    "Items",
    "Users",
    "Settings",
  ]);

  // Disabled: signed out at once, and signing in again is refused with the reason.
  await memberRow.getByTestId("user-actions").click();
  await page.getByTestId("user-action-disable").click();
  const confirm = page.getByTestId("disable-dialog");
  await expect(confirm).toContainText("They are signed out at once");
  await confirm.getByTestId("confirm").click();
  await expect(confirm).toBeHidden();
  await expect(memberRow.getByTestId("user-status")).toHaveText("Disabled");
  await snap(page, "site-admin-users-disabled-en-light-desktop");
  await reload(member);
  await expect(member).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fmanage$/);
  await member.getByTestId("login-form").locator('input[name="userName"]').fill("member");
  await member.getByTestId("login-form").locator('input[name="password"]').fill("password123");
  await member.getByTestId("login-submit").click();
  await expect(member.getByTestId("form-alert")).toHaveText(
    "This account is disabled. Ask the site's administrator to enable it again.",
  );

  // Enabled again, they sign in and have what they had.
  await memberRow.getByTestId("user-actions").click();
  await page.getByTestId("user-action-enable").click();
  await page.getByTestId("enable-dialog").getByTestId("confirm").click();
  await expect(memberRow.getByTestId("user-status")).toHaveText("Active");
  await member.getByTestId("login-submit").click();
  await member.waitForURL(`${ownSite.url}/en/manage`);
  await expect(member.getByTestId("dashboard")).toBeVisible();
  await member.context().close();
  await page.context().close();
});

test("screenshots of the dashboard's screens: fa and en, desktop and phone, light and dark", async ({
  browser,
  ownSite,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, ownSite.url);
  const screens = ["/manage/settings", "/manage/builds", "/manage/items", "/manage/items/category", "/manage/users"];
  for (const [device, viewport] of [
    ["desktop", desktop],
    ["phone", phone],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        for (const address of screens) {
          await open(page, `${prefix}${address}`);
          await page.evaluate(() => document.fonts.ready);
          await snap(page, `site-admin-${address.slice(1).replaceAll("/", "-")}-${lang}-${device}-${scheme}`);
        }
      }
      // A dialog and the row menu, once per device and scheme.
      await open(page, "/manage/users");
      await page.locator('[data-testid="user-row"][data-user="editor"]').getByTestId("user-actions").click();
      await snap(page, `site-admin-users-menu-fa-${device}-${scheme}`);
      await page.getByTestId("user-action-edit").click();
      await expect(page.getByTestId("edit-dialog")).toBeVisible();
      await snap(page, `site-admin-users-edit-fa-${device}-${scheme}`);
      await page.keyboard.press("Escape");
    }
  }
  await page.context().close();
});
