import { describe, expect, test } from "vitest";
import { mediaNamedIn, publicFrom } from "~/builds/git/public-history.server";

const page = (frontMatter: string, body = "Text.") => `---\ntitle: "A page"\n${frontMatter}---\n\n${body}\n`;

describe("what the public history holds of a page", () => {
  test("a page is public unless it is a draft or does not read as a page; a scheduled one from its time", () => {
    expect(publicFrom(page(""))).toBe(0);
    expect(publicFrom(page("draft: false\n"))).toBe(0);
    expect(publicFrom(page("draft: true\n"))).toBe(null);
    expect(publicFrom("no front matter at all")).toBe(null);
    expect(publicFrom(page("date: 2026-02-30\n"))).toBe(null);
    expect(publicFrom(page('publishAt: "2026-12-01T09:30:00+03:30"\n'))).toBe(Date.parse("2026-12-01T06:00:00Z"));
    expect(publicFrom(page('draft: true\npublishAt: "2026-12-01T09:30:00+03:30"\n'))).toBe(null);
  });

  test("the media files a page names: images, thumbnails, links and HTML, Persian names escaped or not", () => {
    const a = "media/0123456789abcdef-a.jpg";
    const b = "media/fedcba9876543210-عکس-شب.png";
    const c = "media/00112233445566ff-c.webp";
    const d = "media/aabbccddeeff0011-d.gif";
    const text = page(
      `thumbnail: /${a}\n`,
      [
        `![night](/${encodeURI(b)} "title")`,
        `See [the map](/${c}).`,
        `<img src="/${d}" srcset="/${a} 1x,/${c} 2x">`,
        "Not media: /media/short.jpg, /images/x.png, media/0123456789abcdef-a.jpg without a slash.",
      ].join("\n\n"),
    );
    expect([...mediaNamedIn(text)].sort()).toEqual([a, c, d, b].sort());
  });
});
