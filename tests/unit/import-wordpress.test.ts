import { Readable } from "node:stream";
import { beforeAll, describe, expect, test } from "vitest";
import type { ExportedItem, ExportedSite } from "~/import/model";
import { readWordPressExport, wordPressDate } from "~/import/wordpress.server";
import { fullExport, plainItem, SLUG_HELLO, SLUG_STORY, SLUG_TAG, wxr } from "../fixtures/import/wordpress-export";

const enc = (text: string) => encodeURIComponent(text);
const encLower = (text: string) => enc(text).toLowerCase();
const GOL = "https://blog.example.ir/wp-content/uploads/2019/05/gol.jpg";
const SEA = "https://blog.example.ir/wp-content/uploads/2019/05/sea.jpg";
const ZWNJ = "\u200C";

/** Every form of a path the reader lists, in its order. */
const forms = (decodedPath: string) => {
  const lower = decodedPath
    .split("/")
    .map((one) => encLower(one))
    .join("/");
  const upper = decodedPath
    .split("/")
    .map((one) => enc(one))
    .join("/");
  return [...new Set([decodedPath, `${decodedPath}/`, lower, `${lower}/`, upper, `${upper}/`])];
};

let site: ExportedSite;
const itemOf = (key: string): ExportedItem => {
  const found = site.items.find((item) => item.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};

beforeAll(async () => {
  site = await readWordPressExport(fullExport);
});

describe("a WordPress export", () => {
  test("the site: title, address, authors, nested categories with their Polylang translations, tags", () => {
    expect(site.source).toBe("wordpress");
    expect(site.title).toBe("وبلاگ من");
    expect(site.baseUrl).toBe("https://blog.example.ir");
    expect(site.authors).toEqual([
      { key: "user:admin", login: "admin", email: "admin@example.ir", displayName: "مدیر سایت" },
      { key: "user:Sara Ahmadi", login: "Sara Ahmadi", email: "sara@example.ir", displayName: "سارا" },
    ]);
    expect(site.categories).toEqual([
      {
        key: "term:3",
        slug: "books",
        name: `کتاب${ZWNJ}ها`,
        parentKey: null,
        description: "دربارهٔ کتاب",
        locale: "fa",
        translationKey: "term:6",
      },
      {
        key: "term:4",
        slug: SLUG_STORY,
        name: "داستان",
        parentKey: "term:3",
        description: "",
        locale: null,
        translationKey: null,
      },
      {
        key: "term:6",
        slug: "books-en",
        name: "Books",
        parentKey: null,
        description: "",
        locale: "en",
        translationKey: "term:3",
      },
    ]);
    expect(site.tags).toEqual([
      { key: "term:7", slug: SLUG_TAG, name: `برچسب${ZWNJ}ها` },
      { key: "term:8", slug: "react", name: "React" },
    ]);
  });

  test("a block-editor post in Persian: every field", () => {
    expect(itemOf("post:10")).toEqual({
      key: "post:10",
      kind: "post",
      title: "سلام دنیا",
      slug: SLUG_HELLO,
      status: "published",
      statusNote: null,
      publishedAt: "2019-05-06T14:30:00+04:30",
      updatedAt: "2019-06-01T09:00:00+04:30",
      excerpt: "چکیده",
      authorKey: "user:admin",
      categoryKeys: ["term:4"],
      tagKeys: ["term:7"],
      sticky: true,
      featuredImage: GOL,
      featuredImageAlt: "گل سرخ",
      metaTitle: null,
      metaDescription: null,
      markdown: `می${ZWNJ}خواهم **کتاب** بخوانم.\n\n![گل](${GOL})\n\n*یک گل*\n\n- یک\n- دو`,
      images: [GOL],
      locale: "fa",
      localeFrom: "export",
      translationGroup: "polylang:pll_5d0b1e2c3a4f5",
      oldAddresses: [
        "/?p=10",
        "/index.php?p=10",
        "/index.php/?p=10",
        ...forms(`/2019/05/${SLUG_HELLO}`),
        "/?attachment_id=30",
        ...forms(`/2019/05/${SLUG_HELLO}/gol`),
      ],
      commentsOpen: true,
      comments: [
        {
          key: "comment:50",
          parentKey: null,
          authorName: "خواننده 50",
          authorEmail: "r50@example.com",
          authorUrl: "https://reader.example",
          date: "2019-05-07T12:30:00+04:30",
          body: "نظر خوب (https://x.example)\n\nپاراگراف دوم\nخط بعد",
          status: "approved",
        },
        {
          key: "comment:51",
          parentKey: "comment:50",
          authorName: "خواننده 51",
          authorEmail: "r51@example.com",
          authorUrl: null,
          date: "2019-05-07T12:30:00+04:30",
          body: "پاسخ در انتظار",
          status: "pending",
        },
        {
          key: "comment:52",
          parentKey: null,
          authorName: "خواننده 52",
          authorEmail: "r52@example.com",
          authorUrl: null,
          date: "2019-05-07T12:30:00+04:30",
          body: "هرزنامه",
          status: "spam",
        },
        {
          key: "comment:53",
          parentKey: "comment:51",
          authorName: "خواننده 53",
          authorEmail: "r53@example.com",
          authorUrl: null,
          date: "2019-05-07T12:30:00+04:30",
          body: "دور ریخته",
          status: "trash",
        },
      ],
    });
  });

  test("a classic-editor post: paragraphs by blank lines, shortcodes, its translation: every field", () => {
    expect(itemOf("post:11")).toEqual({
      key: "post:11",
      kind: "post",
      title: "Hello world",
      slug: "hello-world",
      status: "published",
      statusNote: null,
      publishedAt: "2019-05-06T10:00:00+00:00",
      updatedAt: "2019-05-06T10:00:00+00:00",
      excerpt: "",
      authorKey: "user:Sara Ahmadi",
      categoryKeys: ["term:6"],
      tagKeys: ["term:8"],
      sticky: false,
      featuredImage: null,
      featuredImageAlt: null,
      metaTitle: null,
      metaDescription: null,
      markdown: [
        "First paragraph\\\nsecond line.",
        `![Flower](${GOL})`,
        "*A flower*",
        `![گل سرخ](${GOL})`,
        `![](${SEA})`,
        "<https://www.youtube.com/watch?v=abc>",
        '\\[contact-form-7 id="5" title="Contact"]',
        "```\nkeep [gallery] and\nblank lines\n\nas they are\n```",
      ].join("\n\n"),
      images: [GOL, SEA],
      locale: "en",
      localeFrom: "export",
      translationGroup: "polylang:pll_5d0b1e2c3a4f5",
      oldAddresses: [
        "/?p=11",
        "/index.php?p=11",
        "/index.php/?p=11",
        "/en/2019/05/hello-world",
        "/en/2019/05/hello-world/",
        "/?attachment_id=31",
      ],
      commentsOpen: false,
      comments: [],
    });
    expect(site.warnings.filter((warning) => warning.key === "post:11")).toEqual([
      { key: "post:11", message: "import.warn.galleryMissing", values: { ids: "99" } },
      { key: "post:11", message: "import.warn.shortcodeKept", values: { name: "contact-form-7" } },
    ]);
  });

  test("a draft page never published: no slug, no date, language read from its text: every field", () => {
    expect(itemOf("post:12")).toEqual({
      key: "post:12",
      kind: "page",
      title: "درباره",
      slug: "",
      status: "draft",
      statusNote: null,
      publishedAt: null,
      updatedAt: null,
      excerpt: "",
      authorKey: "user:admin",
      categoryKeys: [],
      tagKeys: [],
      sticky: false,
      featuredImage: null,
      featuredImageAlt: null,
      metaTitle: null,
      metaDescription: null,
      markdown: "دربارهٔ ما\n\nپاراگراف",
      images: [],
      locale: "fa",
      localeFrom: "text",
      translationGroup: null,
      oldAddresses: [
        "/?p=12",
        "/?page_id=12",
        "/index.php?p=12",
        "/index.php/?p=12",
        "/index.php?page_id=12",
        "/index.php/?page_id=12",
      ],
      commentsOpen: true,
      comments: [],
    });
  });

  test.each([
    ["post:13", "draft", "future", "2030-01-01T11:30:00+03:30"],
    ["post:14", "draft", "private", "2020-01-02T03:04:05+00:00"],
    ["post:15", "draft", "pending", null],
    ["post:16", "draft", "password", "2020-01-02T03:04:05+00:00"],
    ["post:17", "published", null, "2020-01-02T03:04:05+00:00"],
    ["post:19", "draft", "trash", "2020-01-02T03:04:05+00:00"],
  ])("%s is %s (%s), dated %s", (key, status, note, date) => {
    const item = itemOf(key);
    expect([item.status, item.statusNote, item.publishedAt]).toEqual([status, note, date]);
  });

  test("WPML: the language and group of its export meta; a duplicate joins its original's group", () => {
    expect([itemOf("post:17").locale, itemOf("post:17").localeFrom, itemOf("post:17").translationGroup]).toEqual([
      "en",
      "export",
      "wpml:42",
    ]);
    expect([itemOf("post:18").locale, itemOf("post:18").localeFrom, itemOf("post:18").translationGroup]).toEqual([
      "en",
      "text",
      "wpml:post:14",
    ]);
    expect(itemOf("post:14").translationGroup).toBe("wpml:post:14");
  });

  test("only posts and pages become items; pingbacks and other kinds are left out and said", () => {
    expect(site.items.map((item) => item.key)).toEqual([
      "post:10",
      "post:11",
      "post:12",
      "post:13",
      "post:14",
      "post:15",
      "post:16",
      "post:17",
      "post:18",
      "post:19",
    ]);
    expect(site.warnings.filter((warning) => warning.key === null)).toEqual([
      { key: null, message: "import.warn.pingbacksSkipped", values: { count: 1 } },
      { key: null, message: "import.warn.otherTypesSkipped", values: { count: 1, types: "nav_menu_item" } },
    ]);
  });

  test("the site's own addresses: nested categories, tags, authors, feeds, in every form", () => {
    const target = (path: string) => site.addresses.find((address) => address.path === path)?.target;
    expect(target("/feed/")).toEqual({ kind: "feed", locale: null });
    expect(target("/feed")).toEqual({ kind: "feed", locale: null });
    expect(target("/?feed=rss2")).toEqual({ kind: "feed", locale: null });
    expect(target("/category/books/")).toEqual({ kind: "category", key: "term:3" });
    expect(target("/category/books/feed/")).toEqual({ kind: "category", key: "term:3" });
    expect(target("/?cat=3")).toEqual({ kind: "category", key: "term:3" });
    for (const path of forms(`/category/books/${SLUG_STORY}`)) {
      expect(target(path), path).toEqual({ kind: "category", key: "term:4" });
    }
    expect(target(`/category/${encLower(SLUG_STORY)}/`)).toEqual({ kind: "category", key: "term:4" });
    expect(target(`/tag/${SLUG_TAG}/`)).toEqual({ kind: "tag", key: "term:7" });
    expect(target(`/tag/${encLower(SLUG_TAG)}`)).toEqual({ kind: "tag", key: "term:7" });
    expect(target(`/?tag=${encLower(SLUG_TAG)}`)).toEqual({ kind: "tag", key: "term:7" });
    expect(target(`/?tag=${SLUG_TAG}`)).toEqual({ kind: "tag", key: "term:7" });
    expect(target("/tag/react/feed/")).toEqual({ kind: "tag", key: "term:8" });
    expect(target("/author/admin/")).toEqual({ kind: "author", key: "user:admin" });
    expect(target("/author/sara-ahmadi/")).toEqual({ kind: "author", key: "user:Sara Ahmadi" });
    expect(target("/?author=2")).toEqual({ kind: "author", key: "user:Sara Ahmadi" });
    expect(new Set(site.addresses.map((address) => address.path)).size).toBe(site.addresses.length);
  });

  test("a stream of bytes reads as the text does, whatever the chunks cut through", async () => {
    const bytes = Buffer.from(fullExport);
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 7) chunks.push(bytes.subarray(at, at + 7));
    expect(await readWordPressExport(Readable.from(chunks))).toEqual(site);
  });
});

describe("WordPress dates", () => {
  test.each([
    ["2019-05-06 14:30:00", "2019-05-06 10:00:00", "2019-05-06T14:30:00+04:30"],
    ["2019-05-06 05:00:00", "2019-05-06 10:00:00", "2019-05-06T05:00:00-05:00"],
    ["2019-05-06 10:00:00", "0000-00-00 00:00:00", null],
    ["", "2019-05-06 10:00:00", "2019-05-06T10:00:00+00:00"],
    ["2019-05-06 10:00:00", "not a date", null],
  ])("%s local, %s GMT → %s", (local, gmt, expected) => {
    expect(wordPressDate(local, gmt)).toBe(expected);
  });
});

describe("a WordPress site in a folder", () => {
  test("its addresses keep the folder", async () => {
    const xml = wxr(
      plainItem(5, { link: "https://blog.example.ir/blog/2020/01/post-5/" }) +
        `<wp:category><wp:term_id>9</wp:term_id><wp:category_nicename>books</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name>Books</wp:cat_name></wp:category>`,
    ).replace(
      /<wp:base_blog_url>[^<]*<\/wp:base_blog_url>/,
      "<wp:base_blog_url>https://blog.example.ir/blog/</wp:base_blog_url>",
    );
    const inFolder = await readWordPressExport(xml);
    expect(inFolder.baseUrl).toBe("https://blog.example.ir/blog");
    expect(inFolder.items[0]!.oldAddresses).toEqual([
      "/blog?p=5",
      "/blog/?p=5",
      "/blog/index.php?p=5",
      "/blog/index.php/?p=5",
      "/blog/2020/01/post-5",
      "/blog/2020/01/post-5/",
    ]);
    expect(inFolder.addresses.map((address) => address.path)).toContain("/blog/category/books/");
    expect(inFolder.addresses.map((address) => address.path)).toContain("/blog/feed/");
  });

  test("a comment nested past any real one is kept as written, not read", async () => {
    const deep = `${"<b>".repeat(500)}سلام`;
    const xml = wxr(
      plainItem(6).replace(
        "</item>",
        `<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_content><![CDATA[${deep}]]></wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment></item>`,
      ),
    );
    const [comment] = (await readWordPressExport(xml)).items[0]!.comments;
    expect(comment!.body).toBe(deep);
  });
});
