/**
 * A signed-in reader of a public page gets the document every reader shares (the document cache's), and their own
 * parts after it from the session's own call: the account menu, the comment form's name, "Edit this page" for a
 * writer. Signing out and in changes them on the page; a reload after signing out shows the signed-out parts.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, open, signedInPage, snap, test, watchBrowserProblems } from "./fixtures";

const posts = { fa: "/notes/learning-slowly", en: "/en/notes/learning-slowly" } as const;
const words = {
  fa: { as: "با نام Mo Member", anonymous: "با کلید همین مرورگر", loggedOut: "با موفقیت خارج شدید", toasts: /اعلان/ },
  en: {
    as: "Commenting as Mo Member",
    anonymous: "Signed with this browser's key",
    loggedOut: "Logged out successfully",
    toasts: /Notifications/,
  },
} as const;

/** A reader's page, watched for errors, on a post the cache already holds. */
async function reader(
  browser: Browser,
  baseURL: string,
  userName: string,
): Promise<{ page: Page; problems: string[] }> {
  const page = await signedInPage(browser, baseURL, userName);
  return { page, problems: watchBrowserProblems(page) };
}

async function commentForm(page: Page) {
  await page.getByTestId("comments").scrollIntoViewIfNeeded();
  const form = page.getByTestId("comment-form");
  await expect(form).toBeVisible();
  return form;
}

for (const locale of ["fa", "en"] as const) {
  const path = posts[locale];
  const text = words[locale];

  test(`${locale}: a member on a kept post sees their account menu and comment form; signing out and in changes them`, async ({
    browser,
    baseURL,
    page: visitor,
  }) => {
    // A visitor's reading keeps the document.
    await open(visitor, path);
    const { page, problems } = await reader(browser, baseURL!, "member");
    try {
      const response = await open(page, path);
      expect(response?.headers()["x-document-cache"]).toBe("hit");
      expect(response?.headers()["set-cookie"]).toBeUndefined();
      expect(await response?.text()).not.toContain("Mo Member");

      await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/Mo Member/);
      await expect(page.getByTestId("edit-page")).toHaveCount(0);
      await expect(await commentForm(page)).toContainText(text.as);
      await page.getByTestId("avatar-button").click();
      await expect(page.getByTestId("avatar-menu-name")).toHaveText("Mo Member");
      await snap(page, `signed-in-post-menu-${locale}`);

      // Signing out: the page's parts are the visitor's at once, and after a reload of the kept document.
      await page.getByTestId("logout").click();
      await expect(page.getByRole("region", { name: text.toasts })).toContainText(text.loggedOut);
      await expect(page.getByTestId("avatar-button")).not.toHaveAccessibleName(/Mo Member/);
      await expect(await commentForm(page)).toContainText(text.anonymous);
      const again = await open(page, path);
      expect(again?.headers()["x-document-cache"]).toBe("hit");
      await expect(await commentForm(page)).toContainText(text.anonymous);
      await expect(page.getByTestId("avatar-button")).not.toHaveAccessibleName(/Mo Member/);

      // Signing in from the menu on the same kept page.
      await page.getByTestId("avatar-button").click();
      await page.getByTestId("menu-login").click();
      const dialog = page.getByTestId("login-dialog");
      await dialog.locator('input[name="userName"]').fill("member");
      await dialog.locator('input[name="password"]').fill("password123");
      await dialog.getByTestId("login-submit").click();
      await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/Mo Member/);
      await expect(await commentForm(page)).toContainText(text.as);

      // A navigation inside the site keeps who is signed in.
      await page.getByRole("banner").getByRole("link").first().click();
      await page.waitForURL((url) => url.pathname !== path);
      await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/Mo Member/);
      expect(problems, "errors in the browser").toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test(`${locale}: a writer on a kept post sees "Edit this page"; a member and a visitor do not`, async ({
    browser,
    baseURL,
    page: visitor,
  }) => {
    await open(visitor, path);
    await open(visitor, path);
    await expect(visitor.getByTestId("byline")).toBeVisible();
    const { page, problems } = await reader(browser, baseURL!, "editor");
    try {
      const response = await open(page, path);
      expect(response?.headers()["x-document-cache"]).toBe("hit");
      const edit = page.getByTestId("edit-page");
      await expect(edit).toBeVisible();
      await expect(edit).toHaveAttribute("href", /\/manage\/editor\//);
      // It ends the byline's line, on a desktop and a phone: the byline is as tall as a visitor's, so nothing
      // below it moved when it appeared.
      await expect(page.getByTestId("byline")).toContainText(await edit.innerText());
      for (const width of [1366, 390]) {
        for (const shown of [page, visitor]) await shown.setViewportSize({ width, height: 900 });
        await expect(edit).toBeVisible();
        const heights = await Promise.all(
          [page, visitor].map(async (shown) => (await shown.getByTestId("byline").boundingBox())?.height),
        );
        expect(heights[0], `byline at ${width}px`).toBe(heights[1]);
      }
      await expect(visitor.getByTestId("edit-page")).toHaveCount(0);
      await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/Eli Editor/);
      expect(problems, "errors in the browser").toEqual([]);
    } finally {
      await page.context().close();
    }
  });
}

test("screenshots: a kept post signed in, in both languages and schemes, on a desktop and a phone", async ({
  browser,
  baseURL,
}) => {
  const { page, problems } = await reader(browser, baseURL!, "editor");
  try {
    for (const locale of ["fa", "en"] as const) {
      for (const scheme of ["light", "dark"] as const) {
        for (const [device, width] of [
          ["desktop", 1366],
          ["phone", 390],
        ] as const) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme: scheme });
          await open(page, posts[locale]);
          await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/Eli Editor/);
          await expect(page.getByTestId("edit-page")).toBeVisible();
          await page.screenshot({ path: `test-results/screenshots/signed-in-post-${locale}-${scheme}-${device}.png` });
        }
      }
    }
    expect(problems, "errors in the browser").toEqual([]);
  } finally {
    await page.context().close();
  }
});
