/**
 * Images in the browser: an editor uploads a picture into a new page (describing it), publishes, and the public
 * page asks the image service for the variant its screen needs (a phone and a desktop); a member sets a profile
 * picture with the crop dialog. Screenshots of the editor with an image, the media list and the profile.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, open, screenshotDir, signedInPage, snap, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

async function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="25%" fill="#fff" fill-opacity=".6"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

let postPath = "";
let editorRest = "";

test("an editor uploads an image into a page, describes it and publishes it", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor");
  await page.getByTestId("rich-editor").waitFor();
  await page.getByTestId("title-input").fill("Pictures from the road");
  await page.getByTestId("rich-editor").click();
  await page.keyboard.type("A paragraph before the picture.");
  await page.keyboard.press("Enter");
  await page.getByTestId("tool-image").click();
  const dialog = page.getByTestId("image-dialog");
  await dialog.getByTestId("image-file").setInputFiles({
    name: "road.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(2000, 1200),
  });
  await expect(dialog.getByTestId("image-preview")).toBeVisible();
  await expect(dialog.getByTestId("image-src")).toHaveValue(/^\/media\/[0-9a-f]{16}-road\.jpg$/);
  // A description is asked for.
  await dialog.getByTestId("image-insert").click();
  await expect(dialog.getByTestId("field-error")).toContainText("Describe the image");
  // The request goes as soon as it is answered: the image marked decorative, or a description typed.
  await dialog.getByTestId("image-decorative").check();
  await expect(dialog.getByTestId("field-error")).toHaveCount(0);
  await dialog.getByTestId("image-decorative").uncheck();
  await dialog.getByTestId("image-insert").click();
  await expect(dialog.getByTestId("field-error")).toContainText("Describe the image");
  await dialog.getByTestId("image-alt").pressSequentially("A");
  await expect(dialog.getByTestId("field-error")).toHaveCount(0);
  await dialog.getByTestId("image-alt").fill("A road between hills at sunset");
  await snap(page, "media-image-dialog-en-light-desktop");
  await dialog.getByTestId("image-insert").click();
  await expect(page.getByTestId("rich-editor").locator("img:not(.ProseMirror-separator)")).toHaveAttribute(
    "alt",
    "A road between hills at sunset",
  );
  await snap(page, "media-editor-with-image-en-light-desktop");
  await page.getByTestId("save").click();
  await expect(page).toHaveURL(/\/manage\/editor\/en\//);
  // "/en/manage/editor/en/pictures-from-the-road": the English page "/pictures-from-the-road".
  editorRest = decodeURIComponent(new URL(page.url()).pathname.replace(/^.*\/manage\/editor\//, ""));
  postPath = `/${editorRest}`;

  await open(page, "/en/manage/builds");
  const openBuild = page.locator('[data-testid="build"][data-status="open"]');
  // The page and its image are in the open build (which other tests on this shared site may also write to).
  await expect(openBuild.locator(`[data-testid="commit"][data-path="content/${editorRest}.md"]`)).toHaveCount(1);
  await expect(openBuild.locator('[data-testid="commit"][data-path^="media/"][data-path$="-road.jpg"]')).toHaveCount(1);
  await openBuild.getByTestId("publish").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByText("Build committed and pushed successfully", { exact: true })).toBeVisible({
    timeout: 30_000,
  });

  // The media list shows it, published, used by the page.
  await open(page, "/en/manage/items/media");
  const row = page.getByTestId("media-row").first();
  await expect(row).toHaveAttribute("data-status", "published");
  await expect(row.getByTestId("media-used-in")).toContainText("Pictures from the road");
  await page.context().close();
});

for (const [device, viewport, scale, width] of [
  ["phone", { width: 390, height: 844 }, 3, 1280],
  ["desktop", { width: 1366, height: 900 }, 1, 768],
] as const) {
  test(`the published page loads the ${width}-pixel AVIF on a ${device}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: scale });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/img/")) asked.push(new URL(request.url()).pathname);
    });
    await open(page, postPath);
    const img = page.locator("article picture img").first();
    await expect(img).toHaveAttribute("alt", "A road between hills at sunset");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(new RegExp(`^/img/[0-9a-f]{16}/${width}\\.avif$`));
    const box = await img.boundingBox();
    expect(Math.round((box!.height / box!.width) * 100)).toBe(60);
    await context.close();
  });
}

test("a member sets a profile picture with the crop dialog", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, "member");
  await open(page, "/en/profile");
  await expect(page.getByTestId("avatar-button").getByTestId("avatar-image")).toHaveCount(0);
  await page
    .getByTestId("avatar-file")
    .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo(900, 600) });
  const dialog = page.getByTestId("avatar-crop-dialog");
  await expect(dialog.getByTestId("avatar-crop-frame").locator("img")).toBeVisible();
  await dialog.getByTestId("avatar-zoom").fill("1.5");
  await snap(page, "media-avatar-crop-en-light-desktop");
  await dialog.getByTestId("avatar-save").click();
  await expect(page.getByText("Profile picture saved", { exact: true })).toBeVisible();
  await expect(page.getByTestId("avatar-button").getByTestId("avatar-image")).toBeVisible();
  await expect(page.getByTestId("avatar-card").getByTestId("avatar-image")).toHaveAttribute(
    "src",
    /^\/img\/[0-9a-f]{16}\/96\.webp$/,
  );
  await page.context().close();
});

/**
 * The image dialog with a picture uploaded and the description asked for: on a phone its Insert button must be
 * in sight without scrolling the page (the dialog scrolls inside the screen).
 */
async function imageDialogShot(page: Page, name: string) {
  await page.getByTestId("rich-editor").click();
  await page.getByTestId("tool-image").click();
  const dialog = page.getByTestId("image-dialog");
  await dialog.getByTestId("image-file").setInputFiles({
    name: "road.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(2000, 1200),
  });
  await expect(dialog.getByTestId("image-preview")).toBeVisible();
  await dialog.getByTestId("image-insert").click();
  await expect(dialog.getByTestId("field-error")).toBeVisible();
  await expect(dialog.getByTestId("image-insert")).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${screenshotDir}/${name}.png` });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

test("screenshots: the editor with an image, the media list and the profile, fa and en, light and dark", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const shots: [string, string, Page][] = [];
  const editor = await signedInPage(browser, baseURL!, "editor");
  const member = await signedInPage(browser, baseURL!, "member");
  for (const [device, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1366, height: 900 }],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        shots.length = 0;
        shots.push(
          ["editor", `${prefix}/manage/editor/${editorRest}`, editor],
          ["list", `${prefix}/manage/items/media`, editor],
          ["profile", `${prefix}/profile`, member],
        );
        for (const [name, address, page] of shots) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: scheme });
          await open(page, address);
          await page.evaluate(() => document.fonts.ready);
          if (name === "editor")
            await page.getByTestId("rich-editor").locator("img:not(.ProseMirror-separator)").waitFor();
          await snap(page, `media-${name}-${lang}-${scheme}-${device}`);
          if (name === "editor") await imageDialogShot(page, `media-image-dialog-${lang}-${scheme}-${device}`);
        }
      }
    }
  }
  await editor.context().close();
  await member.context().close();
});
