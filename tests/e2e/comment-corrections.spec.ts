/**
 * An anonymous reader corrects their comment: the comment renders its small markdown, its author edits it
 * (their browser signs the new version) and then deletes it (a signed deletion request); moderators find it in
 * the trash marked as deleted by its author, with the text before the edit kept.
 */
import type { Page } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { pages, users } from "~/db/schema";
import { startSeededSite } from "../helpers/seeded-site";
import { expect, open, screenshotDir, signedInPage, snap, test } from "./fixtures";

const texts = {
  en: {
    post: "/en/notes/learning-slowly",
    edit: "Edit",
    save: "Save",
    edited: "edited",
    remove: "Delete",
    deleted: "Comment deleted",
    byAuthor: "Deleted by its author",
    earlier: "Edited by its author. Earlier text:",
    manage: "/en/manage/comments",
  },
  fa: {
    post: "/notes/learning-slowly",
    edit: "ویرایش",
    save: "ذخیره",
    edited: "ویرایش‌شده",
    remove: "حذف",
    deleted: "دیدگاه حذف شد",
    byAuthor: "نویسنده‌اش حذفش کرده است",
    earlier: "نویسنده‌اش ویرایشش کرده است. متن پیشین:",
    manage: "/manage/comments",
  },
} as const;

async function openComments(page: Page, path: string) {
  await open(page, path);
  await page.getByTestId("comments").scrollIntoViewIfNeeded();
  const section = page.getByTestId("comments-section");
  await expect(section).toBeVisible();
  return section;
}

for (const locale of ["fa", "en"] as const) {
  const x = texts[locale];
  test(`${locale}: an anonymous reader edits and then deletes their comment`, async ({ page, browser, site }) => {
    const section = await openComments(page, x.post);
    const stamp = Date.now();
    const first = `${locale === "fa" ? "نظر نخست" : "First thought"} ${stamp} *gently* and \`code\``;
    await section.locator("textarea").fill(first);
    await section.locator("textarea").press("Enter");
    const found = section.getByTestId("comment").filter({ hasText: String(stamp) });
    await expect(found).toBeVisible();
    // By its address from here on: while it is edited its text is in a form, not on the page.
    const mine = page.locator(`#${await found.getAttribute("id")}`);
    // The small markdown renders: emphasis and inline code, nothing else.
    await expect(mine.getByTestId("comment-text").locator("em")).toHaveText("gently");
    await expect(mine.getByTestId("comment-text").locator("code")).toHaveText("code");

    // Edit: the form holds the text as written; the browser signs the new version.
    await mine.getByRole("button", { name: x.edit, exact: true }).click();
    const form = mine.getByTestId("comment-edit-form");
    await expect(form.locator("textarea")).toHaveValue(first);
    await snap(page, `comment-corrections-${locale}-editing`);
    const second = `${locale === "fa" ? "نظر بهتر" : "Better thought"} ${stamp} > not a quote in the middle, see [this](https://example.com/x)`;
    await form.locator("textarea").fill(second);
    await form.getByRole("button", { name: x.save }).click();
    await expect(form).toHaveCount(0);
    await expect(mine.getByTestId("edited")).toHaveText(x.edited);
    const link = mine.getByTestId("comment-text").getByRole("link", { name: "this" });
    await expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
    await snap(page, `comment-corrections-${locale}-edited`);
    // Still edited after a reload (this browser remembers its comment awaiting moderation).
    await page.reload();
    const again = (await openComments(page, x.post)).getByTestId("comment").filter({ hasText: String(stamp) });
    await expect(again.getByTestId("comment-text")).toContainText(locale === "fa" ? "نظر بهتر" : "Better thought");

    // Delete, asked first.
    await again.getByTestId("comment-delete").click();
    const dialog = page.getByTestId("comment-delete-dialog");
    await expect(dialog).toBeVisible();
    await snap(page, `comment-corrections-${locale}-delete`);
    await dialog.getByTestId("confirm").click();
    await expect(page.getByText(x.deleted).first()).toBeVisible();
    await expect(again).toHaveCount(0);
    await page.reload();
    await expect(
      (await openComments(page, x.post)).getByTestId("comment").filter({ hasText: String(stamp) }),
    ).toHaveCount(0);

    // Moderators find it in the trash: deleted by its author, with what it said before the edit.
    const moderator = await signedInPage(browser, site.url, "moderator");
    await open(moderator, `${x.manage}?status=trash`);
    const row = moderator.getByTestId("moderation-row").filter({ hasText: String(stamp) });
    await expect(row.getByTestId("deleted-by-author")).toHaveText(x.byAuthor);
    await row.getByTestId("comment-edits").getByText(x.earlier).click();
    await expect(row.getByTestId("comment-edits")).toContainText(first);
    await snap(moderator, `comment-corrections-${locale}-moderation`);
    await moderator.context().close();
  });
}

test("a thread: the page's author is marked, a reply to a reply joins the thread; phone and desktop, light and dark", async ({
  browser,
}) => {
  // A site of its own where the administrator is the post's author: its pages name the user name "admin" (a
  // display name never makes anyone the author, so the moderator's "Maryam Ahmadi" is not marked).
  const site = await startSeededSite({}, async (databaseUrl) => {
    const connection = await openDatabase(databaseUrl);
    try {
      await connection.db
        .update(pages)
        .set({ author: "admin" })
        .where(inArray(pages.author, ["Maryam Ahmadi", "مریم احمدی"]));
      await connection.db.update(users).set({ displayName: "Maryam Ahmadi" }).where(eq(users.userName, "moderator"));
    } finally {
      connection.client.close();
    }
  });
  try {
    const author = await signedInPage(browser, site.url, "admin");
    const reader = await signedInPage(browser, site.url, "moderator");
    for (const locale of ["fa", "en"] as const) {
      const fa = locale === "fa";
      let section = await openComments(author, texts[locale].post);
      await section
        .locator("textarea")
        .fill(
          fa
            ? "> نقل‌قولی کوتاه\n\nو پاسخی با **تأکید** و `کد`"
            : "> A short quote\n\nand an answer with **weight** and `code`",
        );
      await section.locator("textarea").press("Enter");
      const top = section.getByTestId("comment").first();
      await expect(top.locator("blockquote")).toBeVisible();
      await expect(top.getByTestId("page-author")).toHaveText(fa ? "نویسنده" : "author");

      // The moderator answers, then answers the answer: both stay one level under the comment.
      section = await openComments(reader, texts[locale].post);
      const thread = section.locator("ol[data-testid=comment-list] > li").first();
      await thread
        .getByRole("button", { name: fa ? "پاسخ" : "Reply" })
        .first()
        .click();
      await thread.locator("textarea").fill(fa ? "پاسخی به این دیدگاه" : "A reply to this comment");
      await thread.locator("textarea").press("Enter");
      const reply = thread.getByTestId("comment").nth(1);
      await expect(reply).toContainText(fa ? "پاسخی به این دیدگاه" : "A reply to this comment");
      await expect(reply.getByTestId("page-author")).toHaveCount(0);
      await reply.getByRole("button", { name: fa ? "پاسخ" : "Reply" }).click();
      await thread.locator("textarea").fill(fa ? "و پاسخی به آن پاسخ" : "And a reply to that reply");
      await thread.locator("textarea").press("Enter");
      await expect(thread.getByTestId("comment")).toHaveCount(3);
      await reader.reload();
      section = await openComments(reader, texts[locale].post);
      const again = section.locator("ol[data-testid=comment-list] > li").first();
      await expect(again.getByTestId("comment")).toHaveCount(3);
      await expect(again.locator("ol ol")).toHaveCount(0);

      for (const [width, height] of [
        [390, 844],
        [1280, 900],
      ] as const) {
        for (const scheme of ["light", "dark"] as const) {
          await reader.setViewportSize({ width, height });
          await reader.emulateMedia({ colorScheme: scheme });
          await section.screenshot({ path: `${screenshotDir}/comment-corrections-${locale}-${width}-${scheme}.png` });
        }
      }
    }
    await author.context().close();
    await reader.context().close();
  } finally {
    await site.stop();
  }
});
