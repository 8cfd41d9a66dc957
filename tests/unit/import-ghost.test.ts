import { describe, expect, test } from "vitest";
import { readGhostExport } from "~/import/ghost.server";
import type { ExportedItem } from "~/import/model";

const ZWNJ = "\u200C";

/** A Ghost export's outer shape, as Settings → Labs → Export writes it. */
function ghostExport(version: string, data: Record<string, unknown>) {
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1700000000000, version },
        data: {
          posts: [],
          tags: [],
          posts_tags: [],
          users: [],
          posts_authors: [],
          posts_meta: [],
          settings: [
            { key: "title", value: "وبلاگ گوست" },
            { key: "locale", value: "fa" },
            { key: "comments_enabled", value: "all" },
          ],
          ...data,
        },
      },
    ],
  });
}

const users = [
  { id: "u1", name: "نویسنده", slug: "writer", email: "writer@example.ir" },
  { id: "u2", name: "Editor", slug: "editor", email: "editor@example.com" },
];
const tags = [
  { id: "t1", name: "فناوری", slug: "fanavari", visibility: "public" },
  { id: "t2", name: "#fa", slug: "hash-fa", visibility: "internal" },
  { id: "t3", name: "#en", slug: "hash-en", visibility: "internal" },
  { id: "t4", name: "#newsletter", slug: "hash-newsletter", visibility: "internal" },
  { id: "t5", name: "News", slug: "news", visibility: "public" },
];

const post = (fields: Record<string, unknown>) => ({
  uuid: "00000000-0000-4000-8000-000000000000",
  title: "",
  slug: "",
  mobiledoc: null,
  lexical: null,
  html: null,
  feature_image: null,
  featured: false,
  type: "post",
  status: "published",
  visibility: "public",
  created_at: "2021-03-01T10:00:00.000Z",
  updated_at: "2021-03-05T10:00:00.000Z",
  published_at: "2021-03-04T10:00:00.000Z",
  custom_excerpt: null,
  ...fields,
});

const lexical = {
  root: {
    type: "root",
    children: [
      {
        type: "paragraph",
        children: [
          { type: "text", text: `می${ZWNJ}خواهم `, format: 0 },
          { type: "text", text: "پررنگ", format: 1 },
          { type: "text", text: " و ", format: 0 },
          { type: "text", text: "کد", format: 16 },
          { type: "linebreak" },
          { type: "link", url: "__GHOST_URL__/about/", children: [{ type: "text", text: "درباره", format: 0 }] },
        ],
      },
      { type: "heading", tag: "h3", children: [{ type: "text", text: "بخش", format: 2 }] },
      {
        type: "list",
        listType: "number",
        start: 2,
        tag: "ol",
        children: [
          {
            type: "listitem",
            children: [
              { type: "text", text: "یک", format: 0 },
              {
                type: "list",
                listType: "bullet",
                tag: "ul",
                children: [{ type: "listitem", children: [{ type: "text", text: "درونی", format: 0 }] }],
              },
            ],
          },
        ],
      },
      { type: "quote", children: [{ type: "text", text: "نقل", format: 0 }] },
      { type: "codeblock", code: "let x = 1;", language: "js" },
      { type: "image", src: "__GHOST_URL__/content/images/a.jpg", alt: "الف", caption: "زیرنویس" },
      {
        type: "gallery",
        images: [
          { src: "/content/images/g1.jpg", alt: "g1" },
          { src: "/content/images/g2.jpg", alt: "g2" },
        ],
      },
      { type: "bookmark", url: "https://example.com/post", metadata: { title: "A post" } },
      { type: "embed", url: "https://www.youtube.com/watch?v=x", html: "<iframe></iframe>" },
      { type: "html", html: "<p>از <sup>HTML</sup></p>" },
      { type: "markdown", markdown: "**از مارک‌داون** [x](/y)\n\n![m](/content/images/m.png)" },
      { type: "callout", calloutEmoji: "💡", calloutText: "<b>نکته</b>" },
      { type: "horizontalrule" },
      { type: "paywall" },
    ],
  },
};

const mobiledoc = {
  version: "0.3.1",
  atoms: [["soft-return", "", {}]],
  cards: [
    ["markdown", { markdown: "## From markdown\n\n- a\n- b" }],
    ["image", { src: "https://cdn.example/x.png", alt: "x", caption: "cap" }],
    ["code", { code: "a < b", language: "ts" }],
    ["hr", {}],
    ["embed", { url: "https://vimeo.com/1", html: "<iframe></iframe>" }],
    ["gallery", { images: [{ src: "/content/images/p.jpg", alt: "p" }] }],
    ["html", { html: "<table><tr><td>t</td></tr></table>" }],
    ["signup", {}],
  ],
  markups: [["strong"], ["a", ["href", "https://example.com"]], ["em"]],
  sections: [
    [
      1,
      "p",
      [
        [0, [], 0, "Plain "],
        [0, [0], 1, "bold"],
        [0, [], 0, " and "],
        [0, [1, 2], 2, "a link"],
        [1, [], 0, 0],
        [0, [], 0, "after"],
      ],
    ],
    [1, "h2", [[0, [], 0, "Title"]]],
    [3, "ul", [[[0, [], 0, "one"]], [[0, [], 0, "two"]]]],
    [1, "blockquote", [[0, [], 0, "quoted"]]],
    [10, 0],
    [10, 1],
    [10, 2],
    [10, 3],
    [10, 4],
    [10, 5],
    [10, 6],
    [10, 7],
  ],
};

const base = {
  featuredImageAlt: null,
  metaTitle: null,
  metaDescription: null,
  categoryKeys: [],
  translationGroup: null,
  commentsOpen: true,
  comments: [],
  sticky: false,
  excerpt: "",
};

describe("a Ghost export", () => {
  test("Ghost 4: an HTML post and a page, tags, #fa and #en, authors, meta: every field", () => {
    const site = readGhostExport(
      ghostExport("4.48.0", {
        posts: [
          post({
            id: "p1",
            title: "سلام گوست",
            slug: "salam",
            html: `<p>متن <strong>پررنگ</strong> با نیم${ZWNJ}فاصله.</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/2021/03/a.jpg" alt="الف"><figcaption>شرح</figcaption></figure>`,
            feature_image: "__GHOST_URL__/content/images/2021/03/cover.jpg",
            featured: true,
            custom_excerpt: "چکیده",
          }),
          post({
            id: "p2",
            title: "About",
            slug: "about",
            type: "page",
            status: "draft",
            published_at: null,
            html: "<p>An English page.</p>",
          }),
        ],
        tags,
        posts_tags: [
          { post_id: "p1", tag_id: "t5", sort_order: 1 },
          { post_id: "p1", tag_id: "t1", sort_order: 0 },
          { post_id: "p1", tag_id: "t2", sort_order: 2 },
          { post_id: "p1", tag_id: "t4", sort_order: 3 },
          { post_id: "p2", tag_id: "t3", sort_order: 0 },
        ],
        users,
        posts_authors: [
          { post_id: "p1", author_id: "u2", sort_order: 1 },
          { post_id: "p1", author_id: "u1", sort_order: 0 },
          { post_id: "p2", author_id: "u2", sort_order: 0 },
        ],
        posts_meta: [
          { post_id: "p1", meta_title: "عنوان جست‌وجو", meta_description: "توضیح", feature_image_alt: "جلد" },
        ],
      }),
      { siteUrl: "https://ghost.example.ir/" },
    );
    expect(site.source).toBe("ghost");
    expect(site.title).toBe("وبلاگ گوست");
    expect(site.baseUrl).toBe("https://ghost.example.ir");
    expect(site.authors).toEqual([
      { key: "user:writer", login: "writer", email: "writer@example.ir", displayName: "نویسنده" },
      { key: "user:editor", login: "editor", email: "editor@example.com", displayName: "Editor" },
    ]);
    expect(site.categories).toEqual([]);
    expect(site.tags).toEqual([
      { key: "tag:t1", slug: "fanavari", name: "فناوری" },
      { key: "tag:t5", slug: "news", name: "News" },
    ]);
    expect(site.items).toEqual<ExportedItem[]>([
      {
        ...base,
        key: "post:p1",
        kind: "post",
        title: "سلام گوست",
        slug: "salam",
        status: "published",
        statusNote: null,
        publishedAt: "2021-03-04T10:00:00+00:00",
        updatedAt: "2021-03-05T10:00:00+00:00",
        excerpt: "چکیده",
        authorKey: "user:writer",
        tagKeys: ["tag:t1", "tag:t5"],
        sticky: true,
        featuredImage: "https://ghost.example.ir/content/images/2021/03/cover.jpg",
        featuredImageAlt: "جلد",
        metaTitle: "عنوان جست‌وجو",
        metaDescription: "توضیح",
        markdown: `متن **پررنگ** با نیم${ZWNJ}فاصله.\n\n![الف](https://ghost.example.ir/content/images/2021/03/a.jpg)\n\n*شرح*`,
        images: ["https://ghost.example.ir/content/images/2021/03/a.jpg"],
        locale: "fa",
        localeFrom: "export",
        oldAddresses: ["/salam", "/salam/"],
      },
      {
        ...base,
        key: "post:p2",
        kind: "page",
        title: "About",
        slug: "about",
        status: "draft",
        statusNote: null,
        publishedAt: null,
        updatedAt: "2021-03-05T10:00:00+00:00",
        authorKey: "user:editor",
        tagKeys: [],
        featuredImage: null,
        markdown: "An English page.",
        images: [],
        locale: "en",
        localeFrom: "export",
        oldAddresses: ["/about", "/about/"],
      },
    ]);
    const target = (path: string) => site.addresses.find((address) => address.path === path)?.target;
    expect(target("/rss/")).toEqual({ kind: "feed", locale: null });
    expect(target("/tag/fanavari/")).toEqual({ kind: "tag", key: "tag:t1" });
    expect(target("/tag/news/rss/")).toEqual({ kind: "tag", key: "tag:t5" });
    expect(target("/author/writer")).toEqual({ kind: "author", key: "user:writer" });
    expect(target("/tag/hash-fa/")).toBeUndefined();
    expect(site.warnings).toEqual([]);
  });

  test("Ghost 5: a lexical post, every node and card", () => {
    const site = readGhostExport(
      ghostExport("5.75.0", {
        posts: [post({ id: "p3", title: "لکسیکال", slug: "lexical", lexical: JSON.stringify(lexical) })],
      }),
    );
    const item = site.items[0]!;
    expect(item.markdown).toBe(
      [
        `می${ZWNJ}خواهم **پررنگ** و \`کد\`\\\n[درباره](/about/)`,
        "### *بخش*",
        "2. یک\n   - درونی",
        "> نقل",
        "```js\nlet x = 1;\n```",
        "![الف](/content/images/a.jpg)",
        "*زیرنویس*",
        "![g1](/content/images/g1.jpg)",
        "![g2](/content/images/g2.jpg)",
        "[A post](https://example.com/post)",
        "<https://www.youtube.com/watch?v=x>",
        "از <sup>HTML</sup>",
        "**از مارک‌داون** [x](/y)\n\n![m](/content/images/m.png)",
        "> 💡 **نکته**",
        "---",
      ].join("\n\n"),
    );
    expect(item.images).toEqual([
      "/content/images/a.jpg",
      "/content/images/g1.jpg",
      "/content/images/g2.jpg",
      "/content/images/m.png",
    ]);
    expect([item.locale, item.localeFrom, site.baseUrl]).toEqual(["fa", "text", null]);
    expect(site.warnings).toEqual([
      { key: "post:p3", message: "import.warn.unknownCard", values: { name: "paywall" } },
    ]);
  });

  test("Ghost 6: a members-only post is read with a warning; scheduled and sent posts are drafts", () => {
    const site = readGhostExport(
      ghostExport("6.2.0", {
        posts: [
          post({
            id: "p4",
            title: "Members",
            slug: "members",
            visibility: "paid",
            lexical: JSON.stringify({ root: { children: [] } }),
          }),
          post({
            id: "p5",
            title: "Later",
            slug: "later",
            status: "scheduled",
            published_at: "2030-01-01T00:00:00.000Z",
          }),
          post({ id: "p6", title: "Email", slug: "email", status: "sent" }),
        ],
      }),
    );
    expect(site.items.map((item) => [item.key, item.status, item.statusNote, item.publishedAt, item.markdown])).toEqual(
      [
        ["post:p4", "published", null, "2021-03-04T10:00:00+00:00", ""],
        ["post:p5", "draft", "scheduled", "2030-01-01T00:00:00+00:00", ""],
        ["post:p6", "draft", "sent", "2021-03-04T10:00:00+00:00", ""],
      ],
    );
    expect(site.warnings).toEqual([
      { key: "post:p4", message: "import.warn.membersOnly", values: { visibility: "paid" } },
    ]);
  });

  test("a mobiledoc post: sections, markups, atoms and cards", () => {
    const site = readGhostExport(
      ghostExport("4.2.0", {
        posts: [post({ id: "p7", title: "Mobiledoc", slug: "m", mobiledoc: JSON.stringify(mobiledoc) })],
      }),
    );
    expect(site.items[0]!.markdown).toBe(
      [
        "Plain **bold** and [*a link*](https://example.com)\\\nafter",
        "## Title",
        "- one\n- two",
        "> quoted",
        "## From markdown\n\n- a\n- b",
        "![x](https://cdn.example/x.png)",
        "*cap*",
        "```ts\na < b\n```",
        "---",
        "<https://vimeo.com/1>",
        "![p](/content/images/p.jpg)",
        "<table><tbody><tr><td>t</td></tr></tbody></table>",
      ].join("\n\n"),
    );
    expect(site.items[0]!.locale).toBe("en");
    expect(site.warnings).toEqual([{ key: "post:p7", message: "import.warn.unknownCard", values: { name: "signup" } }]);
  });

  test("an older export: pages by `page: true`, the export at the top level, the author by `author_id`", () => {
    const site = readGhostExport({
      meta: { version: "1.25.0" },
      data: {
        posts: [
          {
            id: 1,
            title: "Old",
            slug: "old",
            html: "<p>Old page</p>",
            page: true,
            status: "published",
            author_id: 9,
            published_at: "2018-01-01 10:00:00",
          },
        ],
        users: [{ id: 9, name: "Old Author", slug: "old-author", email: "" }],
      },
    });
    expect(site.items.map((item) => [item.kind, item.authorKey, item.publishedAt, item.commentsOpen])).toEqual([
      ["page", "user:old-author", "2018-01-01T10:00:00+00:00", false],
    ]);
  });
});
