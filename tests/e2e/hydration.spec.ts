/**
 * Every page hydrates the document the server streamed, without a mismatch, an uncaught error or a refused
 * inline script; and the watch that every other test relies on does notice a page that fails to hydrate.
 */
import { expect, open, untilHydrated, test, watchBrowserProblems } from "./fixtures";

const pages = [
  "/",
  "/en",
  "/logs",
  "/en/logs",
  "/tuts",
  "/en/notes",
  "/tuts/git-bisect",
  "/en/tuts/git-bisect",
  "/about",
  "/en/403",
  "/no/such/page",
  "/login",
  "/en/register",
];

test("public pages hydrate without mismatches, errors or refused scripts, signed out and signed in", async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${location.pathname} ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  for (const path of pages) await open(page, path);
  // Signed in, pages are rendered afresh and streamed rather than served whole from memory.
  await open(page, "/en/login");
  await page.getByTestId("login-form").locator('input[name="userName"]').fill("admin");
  await page.getByTestId("login-form").locator('input[name="password"]').fill("password123");
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/login/);
  await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/Account menu: /);
  for (const path of [...pages, "/manage", "/en/manage/users", "/manage/comments", "/profile"]) await open(page, path);
  expect(violations).toEqual([]);
});

test("the watch notices a document that does not match what the page renders", async ({ browser }) => {
  const page = await browser.newPage();
  const problems = watchBrowserProblems(page);
  // The server's document with one word of the header changed: React finds text it would not render.
  await page.route("**/en/about", async (route) => {
    const response = await route.fetch();
    // The site name's own text node, whatever classes its span carries.
    const html = (await response.text()).replace(/(<span class="[^"]*">)Daftar(<\/span>)/, "$1Tampered$2");
    expect(html).toContain("Tampered");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/en/about");
  await expect.poll(() => problems.join("\n")).toMatch(/#418|hydrat/i);
  await page.close();
});

test("what a reader types into a form before the page is hydrated is kept, and sent", async ({ browser }) => {
  const page = await browser.newPage();
  try {
    // The page's script is held back until the fields are filled, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/entry.client-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/en/login", { waitUntil: "domcontentloaded" });
    const form = page.getByTestId("login-form");
    await form.locator('input[name="userName"]').fill("admin");
    await form.locator('input[name="password"]').fill("password123");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    release();
    await untilHydrated(page);
    // Leaving a field renders the form again: what was typed must still be there, with no message.
    await form.locator('input[name="userName"]').focus();
    await form.locator('input[name="password"]').focus();
    await expect(form.locator('input[name="userName"]')).toHaveValue("admin");
    await expect(form.locator('input[name="password"]')).toHaveValue("password123");
    await page.getByTestId("login-submit").click();
    await expect(page).not.toHaveURL(/login/);
    await expect(page.getByTestId("avatar-button")).toHaveAccessibleName(/Account menu: /);
  } finally {
    await page.close();
  }
});
