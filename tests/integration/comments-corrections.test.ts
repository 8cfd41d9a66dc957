/**
 * Comments their authors correct: edits and deletions within the window after posting (members by session,
 * visitors by their browser's key, which signs the new version or a NIP-09 deletion), moderators keeping what
 * was written before, the relay honouring its authors' deletions over a real WebSocket, the small markdown
 * comments may use, and replies threading one level deep.
 */
import { finalizeEvent, generateSecretKey, type Event } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { deleteComment, editComment } from "~/comments/author-changes.server";
import { changeTransaction } from "~/cluster/change-feed.server";
import { connection, getDb } from "~/db/client.server";
import { deletionRefusal, honourDeletion } from "~/nostr/relay/deletion.server";
import {
  commentDeletionTemplate,
  commentEditTemplate,
  commentEditWindowMs,
  commentEventTemplate,
} from "~/keys/comment-event";
import { ServiceError } from "~/lib/service-error";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { relayUrl } from "../helpers/nostr";
import { seedDatabase } from "../helpers/seed";
import { sessionCookieFor } from "../helpers/sessions";

let server: TestServer;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  const db = await getDb();
  await seedDatabase(db);
  for (const name of ["admin", "moderator", "member", "editor"]) cookies[name] = await sessionCookieFor(db, name);
  server = await startAppServer();
});
afterAll(async () => server?.close());
// The posting budgets are not what these tests are about: each test starts with them unspent.
beforeEach(async () => {
  await sql("delete from rate_limits");
});

const post = "/en/notes/learning-slowly";

async function call(method: string, path: string, body?: unknown, as?: string, locale = "en") {
  const response = await fetch(server.url + path, {
    method,
    headers: {
      "accept-language": locale,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(as ? { cookie: cookies[as]! } : {}),
      // Each call from its own address: the per-address budget is not what these tests are about.
      "x-forwarded-for": `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are checked field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function sql(statement: string, args: (string | number)[] = []) {
  return (await (await connection()).client.execute({ sql: statement, args })).rows;
}

/** A visitor: their key, and their signed comment posted. */
async function visitorComment(text: string, key = generateSecretKey(), parentId?: number) {
  const event = finalizeEvent(commentEventTemplate(server.url + post, text), key);
  const posted = await call("POST", "/api/comments/new", { routePath: post, commentBody: text, event, parentId });
  expect(posted.status).toBe(201);
  return { key, event, id: posted.body.comment.id as number, posted: posted.body };
}

async function memberComment(text: string, as = "member") {
  const posted = await call("POST", "/api/comments/new", { routePath: post, commentBody: text }, as);
  expect(posted.status).toBe(201);
  return posted.body.comment.id as number;
}

/** Moves a comment's posting time back: for the server, that much time has passed since. */
async function age(id: number, ms: number) {
  await sql("update comments set created_at = created_at - ? where id = ?", [ms, id]);
}

const editEvent = (key: Uint8Array, text: string, replaces: string, now?: number) =>
  finalizeEvent(commentEditTemplate(server.url + post, text, replaces, now), key);

describe("members", () => {
  test("the author edits within the window; moderators see the text before; others are refused", async () => {
    const id = await memberComment("First words of mine");
    const edited = await call("POST", "/api/comments/edit", { id, commentBody: "Better words of mine" }, "member");
    expect(edited).toMatchObject({ status: 200, body: { comment: { id, body: "Better words of mine" } } });
    expect(edited.body.comment.editedAt).toBeTruthy();

    const other = await call("POST", "/api/comments/edit", { id, commentBody: "Not my comment" }, "editor");
    expect(other).toMatchObject({ status: 403, body: { message: "You can change or delete only your own comments." } });
    const anonymous = await call("POST", "/api/comments/edit", { id, commentBody: "Not my comment" });
    expect(anonymous.status).toBe(403);

    const queue = await call("GET", "/api/comments/all?status=pending", undefined, "moderator");
    const row = queue.body.rows.find((r: { id: number }) => r.id === id);
    expect(row.body).toBe("Better words of mine");
    expect(row.edits.map((e: { body: string }) => e.body)).toEqual(["First words of mine"]);
  });

  test("after 15 minutes an edit or a deletion is refused, in English and in Persian, and nothing changes", async () => {
    const id = await memberComment("Written a while ago");
    await age(id, commentEditWindowMs + 60_000);
    const en = await call("POST", "/api/comments/edit", { id, commentBody: "Changed too late" }, "member");
    expect(en).toMatchObject({
      status: 403,
      body: { message: "Comments can be changed or deleted only in the 15 minutes after they are posted." },
    });
    const fa = await call("POST", "/api/comments/delete", { id }, "member", "fa");
    expect(fa).toMatchObject({
      status: 403,
      body: { message: "دیدگاه را فقط تا ۱۵ دقیقه پس از فرستادن می‌توان تغییر داد یا حذف کرد." },
    });
    const [row] = await sql("select body, status, deleted_at from comments where id = ?", [id]);
    expect(row).toMatchObject({ body: "Written a while ago", status: "pending", deleted_at: null });
  });

  test("the window is measured by the clock the service is given", async () => {
    const db = await getDb();
    const id = await memberComment("Clock test words");
    const [{ created_at }] = (await sql("select created_at from comments where id = ?", [id])) as unknown as [
      { created_at: number },
    ];
    const user = { id: (await sql("select id from users where user_name = 'member'"))[0]!.id as number };
    const requester = (now: number) => ({
      user: { ...user, permissions: ["comments.create"] } as never,
      origin: server.url,
      now,
    });
    const rules = { moderationWords: [], maxLinks: 2, allowLinks: true };
    const late = created_at + commentEditWindowMs + 1;
    await expect(editComment(db, id, { body: "Too late now" }, requester(late), rules)).rejects.toMatchObject({
      status: 403,
      key: "comments.windowClosed",
    });
    const edited = await editComment(
      db,
      id,
      { body: "Just in time" },
      requester(created_at + commentEditWindowMs),
      rules,
    );
    expect(edited.body).toBe("Just in time");
    await expect(deleteComment(db, id, {}, requester(late))).rejects.toBeInstanceOf(ServiceError);
    await deleteComment(db, id, {}, requester(created_at + 60_000));
    const [row] = await sql("select status, deleted_at from comments where id = ?", [id]);
    expect(row!.status).toBe("trash");
    expect(Number(row!.deleted_at)).toBe(created_at + 60_000);
  });

  test("an approved comment stays approved when edited, unless its new words would hold a new comment", async () => {
    const id = await memberComment("A moderator writes this", "moderator");
    const plain = await call(
      "POST",
      "/api/comments/edit",
      { id, commentBody: "A moderator rewrote this" },
      "moderator",
    );
    expect(plain.body.comment.status).toBe("approved");
    // A member with an approved comment: their edit with too many links is held again.
    const mine = await memberComment("Approved words here", "editor");
    await call("POST", "/api/comments/moderate", { id: mine, newStatus: "approved" }, "moderator");
    const links = "See https://a.example https://b.example https://c.example now";
    const held = await call("POST", "/api/comments/edit", { id: mine, commentBody: links }, "editor");
    expect(held).toMatchObject({
      status: 200,
      body: {
        comment: { status: "pending" },
        message: "Comment updated. It will appear again once a moderator approves it.",
      },
    });
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    expect(list.body.comments.some((c: { id: number }) => c.id === mine)).toBe(false);
  });

  test("an approved comment edited by a member whose only approved comment it is goes back to moderation", async () => {
    const approve = (id: number) => call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    const first = await memberComment("My first approved words");
    await approve(first);
    const swapped = await call("POST", "/api/comments/edit", { id: first, commentBody: "Words no one saw" }, "member");
    expect(swapped.body.comment.status).toBe("pending");
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    expect(list.body.comments.some((c: { id: number }) => c.id === first)).toBe(false);
    // With another approved comment the member would be approved at once: the edit stays approved.
    const second = await memberComment("My second approved words");
    await approve(second);
    await approve(first);
    const kept = await call("POST", "/api/comments/edit", { id: second, commentBody: "Second, corrected" }, "member");
    expect(kept.body.comment.status).toBe("approved");
  });

  test("a moderator's move names the text it was shown: one edited since is refused, in both languages", async () => {
    const { key, event, id } = await visitorComment("Words the moderator will read");
    const queue = await call("GET", "/api/comments/all?status=pending", undefined, "moderator");
    const shown = queue.body.rows.find((r: { id: number }) => r.id === id);
    expect(shown.editedAt).toBeNull();
    const swap = editEvent(key, "Words swapped after loading", event.id);
    await call("POST", "/api/comments/edit", { id, commentBody: "Words swapped after loading", event: swap });
    const seen = { [id]: shown.editedAt };
    const en = await call("POST", "/api/comments/moderate", { id, newStatus: "approved", seen }, "moderator");
    expect(en).toMatchObject({
      status: 409,
      body: { message: "Its author edited this comment after it was shown to you. Read the new text, then try again." },
    });
    const fa = await call(
      "POST",
      "/api/comments/moderate",
      { ids: [id], newStatus: "approved", seen },
      "moderator",
      "fa",
    );
    expect(fa).toMatchObject({
      status: 409,
      body: {
        message:
          "نویسنده این دیدگاه را پس از آنکه به شما نشان داده شد ویرایش کرده است. متن تازه را بخوانید و باز امتحان کنید.",
      },
    });
    expect((await sql("select status from comments where id = ?", [id]))[0]!.status).toBe("pending");
    // Shown again, the new text is approved.
    const again = await call("GET", "/api/comments/all?status=pending", undefined, "moderator");
    const current = again.body.rows.find((r: { id: number }) => r.id === id);
    expect(current).toMatchObject({ body: "Words swapped after loading", editedAt: expect.any(String) });
    const ok = await call(
      "POST",
      "/api/comments/moderate",
      { id, newStatus: "approved", seen: { [id]: current.editedAt } },
      "moderator",
    );
    expect(ok.status).toBe(200);
    expect((await sql("select status from comments where id = ?", [id]))[0]!.status).toBe("approved");
  });

  test("a comment others replied to cannot be deleted, but can still be edited", async () => {
    const top = await memberComment("A question for all", "moderator");
    const reply = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "An answer", parentId: top },
      "admin",
    );
    expect(reply.status).toBe(201);
    const refused = await call("POST", "/api/comments/delete", { id: top }, "moderator");
    expect(refused).toMatchObject({
      status: 409,
      body: { message: "Others have replied to this comment, so it can no longer be deleted. You can still edit it." },
    });
    expect(
      (await call("POST", "/api/comments/edit", { id: top, commentBody: "A better question" }, "moderator")).status,
    ).toBe(200);
  });
});

describe("visitors", () => {
  test("an edit is a new event signed by the same key, naming the one it replaces", async () => {
    const { key, event, id } = await visitorComment("My anonymous words");
    const next = editEvent(key, "My corrected words", event.id);
    const edited = await call("POST", "/api/comments/edit", { id, commentBody: "My corrected words", event: next });
    expect(edited).toMatchObject({ status: 200, body: { comment: { body: "My corrected words", eventId: next.id } } });
    const [row] = await sql("select body, event_id, author_pub from comments where id = ?", [id]);
    expect(row).toMatchObject({ body: "My corrected words", event_id: next.id, author_pub: event.pubkey });
    const [kept] = await sql("select body, event from comment_edits where comment_id = ?", [id]);
    expect(kept!.body).toBe("My anonymous words");
    expect(JSON.parse(String(kept!.event)).id).toBe(event.id);

    // The next edit names the new version; naming the old one again is refused.
    const stale = editEvent(key, "Third words here", event.id);
    expect(
      (await call("POST", "/api/comments/edit", { id, commentBody: "Third words here", event: stale })).status,
    ).toBe(401);
  });

  test("a forged signature, another key, a different text or an old event are refused and change nothing", async () => {
    const { key, event, id } = await visitorComment("Words to protect");
    const good = editEvent(key, "Changed words", event.id);
    const forged = { ...good, sig: good.sig.replace(/^./, (c) => (c === "0" ? "1" : "0")) };
    expect(await call("POST", "/api/comments/edit", { id, commentBody: "Changed words", event: forged })).toMatchObject(
      {
        status: 401,
        body: { message: "The comment's signature could not be verified." },
      },
    );
    const stranger = editEvent(generateSecretKey(), "Changed words", event.id);
    expect(
      await call("POST", "/api/comments/edit", { id, commentBody: "Changed words", event: stranger }),
    ).toMatchObject({
      status: 403,
      body: { message: "You can change or delete only your own comments." },
    });
    expect((await call("POST", "/api/comments/edit", { id, commentBody: "Other words", event: good })).status).toBe(
      401,
    );
    const old = editEvent(key, "Changed words", event.id, Date.now() - 20 * 60_000);
    expect((await call("POST", "/api/comments/edit", { id, commentBody: "Changed words", event: old })).status).toBe(
      400,
    );
    const strangerDeletion = finalizeEvent(commentDeletionTemplate(event.id), generateSecretKey());
    expect((await call("POST", "/api/comments/delete", { id, event: strangerDeletion })).status).toBe(403);
    expect((await call("POST", "/api/comments/delete", { id })).status).toBe(401);
    const [row] = await sql("select body, status, deleted_at from comments where id = ?", [id]);
    expect(row).toMatchObject({ body: "Words to protect", status: "pending", deleted_at: null });
    // A member may not touch a visitor's comment either.
    expect((await call("POST", "/api/comments/delete", { id }, "member")).status).toBe(403);
  });

  test("a signed NIP-09 deletion puts the comment in the trash, marked as its author's, for moderators", async () => {
    const { key, event, id } = await visitorComment("Words I regret");
    const deletion = finalizeEvent(commentDeletionTemplate(event.id), key);
    expect(await call("POST", "/api/comments/delete", { id, event: deletion })).toMatchObject({
      status: 200,
      body: { message: "Comment deleted" },
    });
    const trash = await call("GET", "/api/comments/all?status=trash", undefined, "moderator");
    const row = trash.body.rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ body: "Words I regret" });
    expect(row.deletedAt).toBeTruthy();
    // Gone for its author too: a second deletion finds nothing.
    expect((await call("POST", "/api/comments/delete", { id, event: deletion })).status).toBe(404);
  });
});

describe("the relay", () => {
  let relay: Relay;
  afterAll(() => relay?.close());

  async function onRelay(ids: string[]): Promise<Event[]> {
    return new Promise((resolve) => {
      const got: Event[] = [];
      const sub = relay.subscribe([{ ids }], {
        onevent: (e) => got.push(e),
        oneose: () => {
          sub.close();
          resolve(got);
        },
      });
    });
  }

  test("an author's kind-5 deletion removes their approved comment for later REQs, and the comment leaves the page", async () => {
    relay = await Relay.connect(relayUrl(server.url));
    const { key, event, id } = await visitorComment("Approved then regretted");
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    expect((await onRelay([event.id])).map((e) => e.id)).toEqual([event.id]);

    // Someone else's deletion of it is refused.
    const forged = finalizeEvent(commentDeletionTemplate(event.id), generateSecretKey());
    await expect(relay.publish(forged)).rejects.toThrow(/blocked/);
    expect(await onRelay([event.id])).toHaveLength(1);

    const deletion = finalizeEvent(commentDeletionTemplate(event.id), key);
    await relay.publish(deletion);
    expect(await onRelay([event.id])).toEqual([]);
    // The deletion itself is served, so other clients learn of it.
    expect((await onRelay([deletion.id])).map((e) => e.kind)).toEqual([5]);
    const [row] = await sql("select status, deleted_at from comments where id = ?", [id]);
    expect(row!.status).toBe("trash");
    expect(row!.deleted_at).not.toBeNull();
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    expect(list.body.comments.some((c: { id: number }) => c.id === id)).toBe(false);
  });

  test("past the window the relay refuses a comment's deletion, and keeps serving it", async () => {
    const { key, event, id } = await visitorComment("Approved long ago");
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    await age(id, commentEditWindowMs + 60_000);
    await expect(relay.publish(finalizeEvent(commentDeletionTemplate(event.id), key))).rejects.toThrow(/15 minutes/);
    expect(await onRelay([event.id])).toHaveLength(1);
  });

  test("a visitor's edit of an approved comment waits for a moderator, then replaces its event on the relay", async () => {
    const { key, event, id } = await visitorComment("Approved first text");
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    const next = editEvent(key, "Approved second text", event.id);
    const edited = await call("POST", "/api/comments/edit", { id, commentBody: "Approved second text", event: next });
    // Anonymous comments always wait: the words a moderator approved are no longer the ones shown.
    expect(edited.body.comment.status).toBe("pending");
    expect(await onRelay([event.id])).toEqual([]);
    expect(await onRelay([next.id])).toEqual([]);
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    expect((await onRelay([next.id])).map((e) => e.content)).toEqual(["Approved second text"]);
  });

  test("a deletion that passed the relay's first check is judged again where it is honoured", async () => {
    const { key, event, id } = await visitorComment("Deleted while someone replies");
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    const deletion = finalizeEvent(commentDeletionTemplate(event.id), key);
    const db = await getDb();
    expect(await deletionRefusal(db, deletion)).toBeUndefined();
    // Between the relay's first look and its write, someone replies.
    await memberComment("A reply that arrives in between", "moderator").then(async (reply) =>
      sql("update comments set parent_id = ? where id = ?", [id, reply]),
    );
    const refused = await changeTransaction(db, (tx, announce) => honourDeletion(tx, deletion, Date.now(), announce));
    expect(refused).toBe("blocked: others have replied to this comment, so it can no longer be deleted");
    expect((await onRelay([event.id])).map((e) => e.id)).toEqual([event.id]);
    expect((await sql("select status from comments where id = ?", [id]))[0]!.status).toBe("approved");
    await expect(relay.publish(deletion)).rejects.toThrow(/replied/);
  });

  /** A visitor's comment, approved and on the relay, then theirs as a member (their key joined an account). */
  async function claimedComment(text: string) {
    const { event, id } = await visitorComment(text);
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    expect((await onRelay([event.id])).map((e) => e.content)).toEqual([text]);
    await sql("update comments set user_id = (select id from users where user_name = 'member') where id = ?", [id]);
    return { event, id };
  }
  const shownEvent = async (id: number) =>
    (await sql("select id from nostr_events where comment_id = ?", [id]))[0]?.id as string | undefined;

  test("a member's edit of the comment their key signed before they joined puts the new text on the relay", async () => {
    const { event, id } = await claimedComment("Signed before I joined");
    const edited = await call("POST", "/api/comments/edit", { id, commentBody: "Edited as a member" }, "member");
    expect(edited.status).toBe(200);
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    expect(await onRelay([event.id])).toEqual([]);
    const now = await onRelay([(await shownEvent(id))!]);
    expect(now.map((e) => e.content)).toEqual(["Edited as a member"]);
    expect(now[0]!.pubkey).not.toBe(event.pubkey);
  });

  test("a member's deletion of such a comment keeps its old event off the relay, even if a moderator restores it", async () => {
    const { event, id } = await claimedComment("Signed, then deleted as a member");
    expect((await call("POST", "/api/comments/delete", { id }, "member")).status).toBe(200);
    expect(await onRelay([event.id])).toEqual([]);
    await call("POST", "/api/comments/moderate", { id, newStatus: "approved" }, "moderator");
    expect(await onRelay([event.id])).toEqual([]);
    expect((await onRelay([(await shownEvent(id))!])).map((e) => e.content)).toEqual([
      "Signed, then deleted as a member",
    ]);
  });
});

describe("text and threads", () => {
  test("links, emphasis, inline code and quotes render; HTML, images and headings stay text", async () => {
    const text = [
      "# Not a heading with *stress* and **weight** and `code` <script>alert(1)</script>",
      "![a picture](https://example.com/p.png) see [the site](https://example.com/x) <b>bold?</b>",
      "",
      "> quoted words",
    ].join("\n");
    const id = await memberComment(text, "moderator");
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    const html: string = list.body.comments.find((c: { id: number }) => c.id === id).html;
    expect(html).toContain("# Not a heading with <em>stress</em> and <strong>weight</strong> and <code>code</code>");
    expect(html).toContain("&#x3C;script>alert(1)&#x3C;/script>");
    expect(html).toContain("&#x3C;b>bold?&#x3C;/b>");
    expect(html).toContain("![a picture](https://example.com/p.png)");
    expect(html).toContain(
      '<a href="https://example.com/x" rel="nofollow ugc noopener" target="_blank" dir="auto">the site</a>',
    );
    expect(html).toMatch(/<blockquote dir="auto">\s*<p dir="auto">quoted words<\/p>\s*<\/blockquote>/);
    expect(html).not.toMatch(/<(script|img|h1|b)\b/);
  });

  test("a reply to a reply joins the thread of the comment that started it; the page's author is marked", async () => {
    await sql("update users set display_name = 'Maryam Ahmadi' where user_name = 'admin'");
    const top = await memberComment("Who started this thread", "moderator");
    const reply = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "The first reply", parentId: top },
      "admin",
    );
    expect(reply.body.comment.parentId).toBe(top);
    const replyToReply = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "A reply to the reply", parentId: reply.body.comment.id },
      "moderator",
    );
    expect(replyToReply).toMatchObject({ status: 201, body: { comment: { parentId: top } } });
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    const thread = list.body.comments.find((c: { id: number }) => c.id === top);
    expect(thread.replies.map((r: { body: string }) => r.body)).toEqual(["The first reply", "A reply to the reply"]);
    expect(thread.replies.every((r: { replies: unknown[] }) => r.replies.length === 0)).toBe(true);
    expect(thread.byPageAuthor).toBe(false);
    // The page names "Maryam Ahmadi": a display name anyone can choose does not make its member the author.
    expect(thread.replies[0].byPageAuthor).toBe(false);
    await sql("update users set display_name = 'Maryam Ahmadi' where user_name = 'member'");
    await memberComment("I am Maryam too, says my display name");
    // The page naming its author by user name marks that account's comments, and no one else's.
    await sql("update pages set author = 'admin' where locale = 'en' and path = '/notes/learning-slowly'");
    try {
      const marked = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`, undefined, "member");
      const all = marked.body.comments.flatMap((c: { replies: unknown[] }) => [c, ...c.replies]);
      const by = (body: string) => all.find((c: { body: string }) => c.body === body).byPageAuthor;
      expect(by("The first reply")).toBe(true);
      expect(by("Who started this thread")).toBe(false);
      expect(by("I am Maryam too, says my display name")).toBe(false);
    } finally {
      await sql("update pages set author = 'Maryam Ahmadi' where locale = 'en' and path = '/notes/learning-slowly'");
      await sql("update users set display_name = '' where user_name = 'member'");
    }
  });
});
