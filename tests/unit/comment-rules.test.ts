import { finalizeEvent, generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { describe, expect, test } from "vitest";
import { commentEventTemplate } from "~/keys/comment-event";
import { initialStatus, linkCount } from "~/comments/status-rules";
import { renderCommentHtml } from "~/content/markdown/comment-markdown.server";
import { verifyCommentEvent } from "~/keys/verify-event.server";

describe("a new comment's status", () => {
  const base = {
    moderator: false,
    approvedBefore: false,
    anonymous: false,
    body: "A thoughtful remark.",
    moderationWords: [],
    maxLinks: 2,
  };
  test.each([
    ["a first comment waits", base, "pending"],
    ["someone with an approved comment is approved at once", { ...base, approvedBefore: true }, "approved"],
    ["a moderator is approved at once", { ...base, moderator: true }, "approved"],
    ["an anonymous comment waits", { ...base, anonymous: true }, "pending"],
    [
      "more than two links hold even a trusted author",
      { ...base, approvedBefore: true, body: "see https://a.example http://b.example www.c.example" },
      "pending",
    ],
    [
      "two links are fine for a trusted author",
      { ...base, approvedBefore: true, body: "https://a.example and https://b.example" },
      "approved",
    ],
    [
      "a site allowing no links before moderation holds even one",
      { ...base, approvedBefore: true, body: "see https://a.example", maxLinks: 0 },
      "pending",
    ],
    [
      "a site allowing five links lets five through",
      { ...base, approvedBefore: true, body: "https://a.example ".repeat(5), maxLinks: 5 },
      "approved",
    ],
    [
      "a moderation word holds a comment",
      { ...base, approvedBefore: true, body: "Buy CHEAP pills", moderationWords: ["cheap"] },
      "pending",
    ],
    [
      "moderation words match Persian text",
      { ...base, approvedBefore: true, body: "قرص ارزان بخرید", moderationWords: [" ارزان "] },
      "pending",
    ],
    [
      "blank moderation words match nothing",
      { ...base, approvedBefore: true, moderationWords: ["", "  "] },
      "approved",
    ],
  ] as const)("%s", (_name, facts, expected) => {
    expect(initialStatus(facts)).toBe(expected);
  });

  test("links are counted", () => {
    expect(linkCount("no links here")).toBe(0);
    expect(linkCount("https://a.example, www.b.example/x and http://c.example?q=1")).toBe(3);
  });

  test.each([
    ["a markdown link to a scheme-relative address", "[buy](//spam.example)"],
    ["a markdown link with one slash", "[buy](https:/spam.example)"],
    ["a markdown link to a relative address", "[buy](spam)"],
    ["an autolink", "<https://spam.example>"],
  ])("%s counts as a link and holds the comment where none are allowed", (_name, body) => {
    expect(linkCount(body)).toBe(1);
    expect(initialStatus({ ...base, approvedBefore: true, body, maxLinks: 0 })).toBe("pending");
  });

  test("an address in inline code is not a link", () => {
    expect(linkCount("`https://a.example`")).toBe(0);
  });
});

describe("links in a comment's HTML", () => {
  test.each([
    ["[buy](//spam.example)", "buy"],
    ["[buy](https:/spam.example)", "buy"],
    ["[buy](/local)", "buy"],
    ["[buy](mailto:a@b.example)", "buy"],
  ])("%s is shown as its text, not a link", (body, text) => {
    const html = renderCommentHtml(body);
    expect(html).not.toContain("<a");
    expect(html).toContain(text);
  });

  test("absolute http(s) addresses stay links", () => {
    const html = renderCommentHtml("[read](https://a.example/x) and www.b.example");
    expect(html).toContain('href="https://a.example/x"');
    expect(html).toContain('href="http://www.b.example"');
  });
});

describe("signed anonymous comments", () => {
  const key = generateSecretKey();
  const pageUrl = "https://daftar.example/en/notes/learning-slowly";
  const body = "A comment signed by my browser.";
  const sign = (template = commentEventTemplate(pageUrl, body), secret = key) => finalizeEvent(template, secret);

  test("a correctly signed, fresh comment on this page passes", () => {
    const result = verifyCommentEvent(sign(), { body, pageUrl });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.event.pubkey).toBe(getPublicKey(key));
  });

  test("a tampered content is refused", () => {
    const event = { ...sign(), content: "Something else entirely." };
    expect(verifyCommentEvent(event, { body: "Something else entirely.", pageUrl })).toEqual({
      ok: false,
      problem: "signature",
    });
  });

  test("a body that differs from the signed content is refused", () => {
    expect(verifyCommentEvent(sign(), { body: "Not what was signed.", pageUrl })).toEqual({
      ok: false,
      problem: "content",
    });
  });

  test("another author's key swapped in is refused", () => {
    const other = getPublicKey(generateSecretKey());
    expect(verifyCommentEvent({ ...sign(), pubkey: other }, { body, pageUrl })).toEqual({
      ok: false,
      problem: "signature",
    });
  });

  test("an event signed for another page is refused", () => {
    expect(verifyCommentEvent(sign(), { body, pageUrl: "https://daftar.example/en/about" })).toEqual({
      ok: false,
      problem: "scope",
    });
  });

  test("an old event (a replay) or one from the future is refused", () => {
    const old = sign(commentEventTemplate(pageUrl, body, Date.now() - 11 * 60_000));
    expect(verifyCommentEvent(old, { body, pageUrl })).toEqual({ ok: false, problem: "timestamp" });
    const future = sign(commentEventTemplate(pageUrl, body, Date.now() + 10 * 60_000));
    expect(verifyCommentEvent(future, { body, pageUrl })).toEqual({ ok: false, problem: "timestamp" });
  });

  test("a wrong kind or a malformed event is refused", () => {
    expect(verifyCommentEvent(sign({ ...commentEventTemplate(pageUrl, body), kind: 1 }), { body, pageUrl })).toEqual({
      ok: false,
      problem: "kind",
    });
    expect(verifyCommentEvent({ ...sign(), pubkey: "ABC" }, { body, pageUrl })).toEqual({
      ok: false,
      problem: "malformed",
    });
    expect(verifyCommentEvent("not an event", { body, pageUrl })).toEqual({ ok: false, problem: "malformed" });
  });
});
