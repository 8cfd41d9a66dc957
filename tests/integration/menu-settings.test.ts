/**
 * The header menu in the settings, through the API and the public pages: the SPEC's menu by default, a saved
 * menu in both languages (labels left empty are the targets' own names), every refusal with its message and
 * nothing changed, the history entry, a save from an older reading of the menu refused, and the permission.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import type { MenuItem } from "~/settings/app-config";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";
import { pageFields } from "../helpers/front-matter";
import { elements, textOf } from "../helpers/html";

const site = serveSeededApp();

let admin: ApiClient;
beforeAll(async () => {
  admin = new ApiClient(site.url);
  await admin.login("admin");
});

const version = async () => (await admin.get<{ version: number }>("/api/settings")).body.version;

/** The header menu of a public page: each link's text and address, in order. */
async function headerMenu(path: string): Promise<{ label: string; href: string }[]> {
  const html = await (await fetch(site.url + path)).text();
  return elements(html, "li", { dataTestid: "nav-item" }).map((item) => {
    const link = elements(item, "a")[0]!;
    return { label: textOf(link), href: String(link.properties.href) };
  });
}

const item = (kind: MenuItem["kind"], target: string, en = "", fa = ""): MenuItem => ({
  kind,
  target,
  label: { fa, en },
});

describe("the menu", () => {
  test("is the SPEC's by default: Home, Logs, About, Contact in each language", async () => {
    expect(await headerMenu("/en/about")).toEqual([
      { label: "Home", href: "/en" },
      { label: "Logs", href: "/en/logs" },
      { label: "About", href: "/en/about" },
      { label: "Contact", href: "/en/contact" },
    ]);
    expect((await headerMenu("/about")).map((link) => link.label)).toEqual(["خانه", "نوشته‌ها", "درباره", "تماس"]);
  });

  test("a saved menu reaches cached pages at once, in its order; an empty label is the target's own name", async () => {
    await fetch(site.url + "/en/about");
    const menu = [
      item("page", "/about"),
      item("category", "notes", "Notebook", "دفترچه"),
      item("tag", "learning", "Learning"),
      item("link", "https://example.org/shop", "Shop", "فروشگاه"),
    ];
    const saved = await admin.put<{ message: string; menu: MenuItem[] }>("/api/settings/menu", {
      version: await version(),
      menu,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Menu saved");
    expect(saved.body.menu).toEqual(menu);
    expect(await headerMenu("/en/about")).toEqual([
      { label: "About", href: "/en/about" },
      { label: "Notebook", href: "/en/notes" },
      { label: "Learning", href: "/en/tags/learning" },
      { label: "Shop", href: "https://example.org/shop" },
    ]);
    // Persian: the page's Persian title, the Persian labels, and the English label where Persian has none and
    // the tag has no Persian posts.
    expect(await headerMenu("/about")).toEqual([
      { label: "درباره", href: "/about" },
      { label: "دفترچه", href: "/notes" },
      { label: "learning", href: "/tags/learning" },
      { label: "فروشگاه", href: "https://example.org/shop" },
    ]);
  });

  test("the history records the change and who made it; saving the same menu again changes nothing", async () => {
    const history = await admin.get<{
      entries: { author: string; changes: { field: string; after: MenuItem[] }[] }[];
    }>("/api/settings/history");
    const latest = history.body.entries[0]!;
    expect(latest.changes.map((change) => change.field)).toEqual(["menu"]);
    expect(latest.changes[0]!.after.map((entry) => entry.target)).toEqual([
      "/about",
      "notes",
      "learning",
      "https://example.org/shop",
    ]);
    const current = (await admin.get<{ entries: unknown[] }>("/api/settings/history")).body.entries.length;
    const again = await admin.put<{ message: string }>("/api/settings/menu", {
      version: await version(),
      menu: [
        item("page", "/about"),
        item("category", "notes", "Notebook", "دفترچه"),
        item("tag", "learning", "Learning"),
        item("link", "https://example.org/shop", "Shop", "فروشگاه"),
      ],
    });
    expect(again.body.message).toBe("Nothing to save: the menu is as it was.");
    expect((await admin.get<{ entries: unknown[] }>("/api/settings/history")).body.entries.length).toBe(current);
  });
});

describe("refusals change nothing", () => {
  const links = (count: number) => Array.from({ length: count }, (_, i) => item("link", `https://example.org/${i}`));
  test.each([
    ["thirteen items", links(13), 400, "menu", "At most 12 items", "حداکثر ۱۲ پیوند"],
    [
      "a javascript: address",
      [item("link", "javascript:alert(1)")],
      400,
      "menu.0.target",
      "Must be an address starting with http:// or https://",
      "باید نشانی‌ای باشد که با http:// یا https:// آغاز می‌شود",
    ],
    [
      "a label too long",
      [item("page", "/about", "x".repeat(41))],
      400,
      "menu.0.label.en",
      "Must be at most 40 characters",
      null,
    ],
    [
      "a page that does not exist",
      [item("page", "/about"), item("page", "/nowhere")],
      422,
      "menu.1.target",
      "No published page has this address",
      "هیچ صفحه‌ی منتشرشده‌ای این نشانی را ندارد",
    ],
    [
      "a draft page",
      [item("page", "/notes/draft-ideas")],
      422,
      "menu.0.target",
      "No published page has this address",
      null,
    ],
    [
      "a category that does not exist",
      [item("category", "poems")],
      422,
      "menu.0.target",
      "No category has this slug",
      null,
    ],
    [
      "a tag no post has",
      [item("tag", "nothing-tagged")],
      422,
      "menu.0.target",
      "No published post has this tag",
      null,
    ],
  ])("%s is refused with a message on its field", async (_what, menu, status, path, en, fa) => {
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const answer = await admin.put("/api/settings/menu", { version: await version(), menu });
    expect(answer.status).toBe(status);
    expect(answer.body.issues?.find((issue) => issue.path === path)?.message).toBe(en);
    if (status === 422) expect(answer.body.message).toContain(`“${menu.at(-1)!.target}” does not exist on the site`);
    if (fa) {
      const persian = new ApiClient(site.url, "fa");
      for (const [k, v] of admin.cookies) persian.cookies.set(k, v);
      const answerFa = await persian.put("/api/settings/menu", { version: await version(), menu });
      expect(answerFa.body.issues?.find((issue) => issue.path === path)?.message).toBe(fa);
    }
    await expectDatabaseUnchanged(db, before);
  });

  test("a save read before someone else changed the menu is refused, and theirs stays", async () => {
    const read = await version();
    const theirs = [item("page", "/contact")];
    expect((await admin.put("/api/settings/menu", { version: read, menu: theirs })).status).toBe(200);
    const late = await admin.put("/api/settings/menu", { version: read, menu: [item("page", "/about")] });
    expect(late.status).toBe(409);
    expect(late.body.issues?.map((issue) => issue.path)).toEqual(["menu"]);
    expect((await headerMenu("/en")).map((link) => link.href)).toEqual(["/en/contact"]);
    // A save of other settings read at the same old version still goes through: it did not touch the menu.
    expect((await admin.put("/api/settings", { version: read, footerEn: "Still mergeable" })).status).toBe(200);
  });

  test("saving needs settings.edit: a moderator is refused", async () => {
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    const answer = await moderator.put("/api/settings/menu", { version: await version(), menu: [] });
    expect(answer.status).toBe(403);
    expect((await headerMenu("/en")).map((link) => link.href)).toEqual(["/en/contact"]);
  });
});

describe("a page only one language has", () => {
  // Last: its publish ends in the background, which the fingerprints above would see.
  test("the other language's menu links to it there, with the label it has", async () => {
    const saved = await admin.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/colophon",
      frontMatter: pageFields("Colophon"),
      markdown: "Set in Vazirmatn.\n",
      baseHash: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const builds = await admin.get<{ builds: { id: number; status: string }[] }>("/api/builds/all");
    const open = builds.body.builds.find((build) => build.status === "open")!;
    expect((await admin.post("/api/builds/run", { buildId: open.id })).status).toBe(200);
    const menu = [item("page", "/about"), item("page", "/colophon")];
    const answer = await admin.put("/api/settings/menu", { version: await version(), menu });
    expect(answer.status).toBe(200);
    expect((await headerMenu("/about"))[1]).toEqual({ label: "Colophon", href: "/en/colophon" });
    expect((await headerMenu("/en"))[1]).toEqual({ label: "Colophon", href: "/en/colophon" });
  });
});
