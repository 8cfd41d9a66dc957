import { finalizeEvent, generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commentEventTemplate } from "~/keys/comment-event";
import { connection, getDb } from "~/db/client.server";
import { startAppServer, type TestServer } from "../helpers/app-server";
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

const post = "/en/notes/learning-slowly";
const faPost = "/notes/learning-slowly";

async function call(method: string, path: string, body?: unknown, as?: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, {
    method,
    headers: {
      "accept-language": "en",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(as ? { cookie: cookies[as]! } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are checked field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const signed = (body: string, routePath = post, key = generateSecretKey(), now?: number) =>
  finalizeEvent(commentEventTemplate(server.url + routePath, body, now), key);

async function rows(sql: string) {
  return (await (await connection()).client.execute(sql)).rows;
}

describe("posting", () => {
  test("anonymous without a signed event is unauthenticated", async () => {
    const { status, body } = await call("POST", "/api/comments/new", { routePath: post, commentBody: "Hello there" });
    expect(status).toBe(401);
    expect(body.message).toBe("Unauthorized: User not authenticated");
  });

  test("the body needs five characters and names missing fields", async () => {
    expect(
      (await call("POST", "/api/comments/new", { routePath: post, commentBody: "Hey " }, "member")).body.message,
    ).toBe("Comment must be at least 5 characters");
    expect((await call("POST", "/api/comments/new", {}, "member")).body.message).toBe(
      "Missing required fields: routePath, commentBody",
    );
  });

  test("a page that does not exist, a draft, or one with comments closed is refused", async () => {
    expect(
      (await call("POST", "/api/comments/new", { routePath: "/en/nope", commentBody: "Hello there" }, "member")).status,
    ).toBe(404);
    expect(
      (
        await call(
          "POST",
          "/api/comments/new",
          { routePath: "/en/notes/draft-ideas", commentBody: "Hello there" },
          "member",
        )
      ).status,
    ).toBe(404);
    const closed = await call(
      "POST",
      "/api/comments/new",
      { routePath: "/en/about", commentBody: "Hello there" },
      "member",
    );
    expect(closed).toMatchObject({ status: 403, body: { message: "Comments are closed on this page." } });
  });

  test("a member's first comment waits; once one is approved, the next appears at once", async () => {
    const first = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "My first comment here." },
      "member",
    );
    expect(first.status).toBe(201);
    expect(first.body.comment.status).toBe("pending");
    expect(first.body.comment.routePath).toBe(post);
    await call("POST", "/api/comments/moderate", { id: first.body.comment.id, newStatus: "approved" }, "moderator");
    const second = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "And a second one." },
      "member",
    );
    expect(second.body).toMatchObject({ message: "Comment posted successfully", comment: { status: "approved" } });
  });

  test("a moderator's comment is approved at once; /fa and unprefixed addresses are one page", async () => {
    const { body } = await call(
      "POST",
      "/api/comments/new",
      { routePath: "/fa" + faPost, commentBody: "یک دیدگاه از مدیر." },
      "moderator",
    );
    expect(body.comment).toMatchObject({ status: "approved", routePath: faPost });
  });

  test("more than two links hold a trusted author's comment", async () => {
    const { body } = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "Links: https://a.example https://b.example https://c.example" },
      "member",
    );
    expect(body.comment.status).toBe("pending");
  });

  test("a valid signed anonymous comment is stored pending under its key; the honeypot stores nothing", async () => {
    const key = generateSecretKey();
    const text = "A visitor's signed comment.";
    const { status, body } = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: text, event: signed(text, post, key) },
      undefined,
      {
        "x-display-name": encodeURIComponent("Curious Otter"),
      },
    );
    expect(status).toBe(201);
    expect(body.comment.status).toBe("pending");
    const [row] = await rows(
      `select author_pub, author_name, user_id, event_id from comments where id = ${body.comment.id}`,
    );
    expect(row).toMatchObject({ author_pub: getPublicKey(key), author_name: "Curious Otter", user_id: null });
    const before = (await rows("select count(*) as n from comments"))[0]!.n;
    const trap = await call("POST", "/api/comments/new", {
      routePath: post,
      commentBody: "Buy things now!",
      website: "http://spam.example",
      event: signed("Buy things now!"),
    });
    expect(trap.status).toBe(201);
    expect((await rows("select count(*) as n from comments"))[0]!.n).toBe(before);
  });

  test("tampered, replayed, stale and wrong-key events are refused", async () => {
    const text = "Signed once, sent twice.";
    const event = signed(text);
    expect((await call("POST", "/api/comments/new", { routePath: post, commentBody: text, event })).status).toBe(201);
    const replay = await call("POST", "/api/comments/new", { routePath: post, commentBody: text, event });
    expect(replay).toMatchObject({ status: 409, body: { message: "This comment was already posted." } });
    const tampered = await call("POST", "/api/comments/new", {
      routePath: post,
      commentBody: "Signed once, sent thrice",
      event: { ...event, content: "Signed once, sent thrice" },
    });
    expect(tampered).toMatchObject({
      status: 401,
      body: { message: "The comment's signature could not be verified." },
    });
    const wrongKey = await call("POST", "/api/comments/new", {
      routePath: post,
      commentBody: text,
      event: { ...signed(text), pubkey: getPublicKey(generateSecretKey()) },
    });
    expect(wrongKey.status).toBe(401);
    const stale = "An old signed comment.";
    const old = await call("POST", "/api/comments/new", {
      routePath: post,
      commentBody: stale,
      event: signed(stale, post, generateSecretKey(), Date.now() - 3600_000),
    });
    expect(old).toMatchObject({
      status: 400,
      body: { message: "The comment's signature has expired. Please send it again." },
    });
    const otherPage = await call("POST", "/api/comments/new", {
      routePath: post,
      commentBody: text + "!",
      event: signed(text + "!", "/en/notes/writing-in-public"),
    });
    expect(otherPage.status).toBe(401);
  });

  test("HTML in a comment is stored as the text it is", async () => {
    const xss = `<img src=x onerror="alert(1)"><script>alert(2)</script> hello`;
    const { body } = await call("POST", "/api/comments/new", { routePath: post, commentBody: xss }, "moderator");
    const [row] = await rows(`select body from comments where id = ${body.comment.id}`);
    expect(row!.body).toBe(xss);
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    expect(list.body.comments.some((c: { body: string }) => c.body === xss)).toBe(true);
  });

  test("one level of replies: a reply to a reply joins its thread; a reply to a comment not shown is refused", async () => {
    const parent = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "A parent comment." },
      "moderator",
    );
    const reply = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "A reply to it.", parentId: parent.body.comment.id },
      "moderator",
    );
    expect(reply.status).toBe(201);
    const nested = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "A reply to the reply.", parentId: reply.body.comment.id },
      "moderator",
    );
    expect(nested).toMatchObject({ status: 201, body: { comment: { parentId: parent.body.comment.id } } });
    const pending = await call("POST", "/api/comments/new", {
      routePath: post,
      commentBody: "Not approved yet.",
      event: signed("Not approved yet."),
    });
    expect(pending.body.comment.status).toBe("pending");
    const toPending = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "A reply to it.", parentId: pending.body.comment.id },
      "moderator",
    );
    expect(toPending.status).toBe(404);
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    const withReply = list.body.comments.find((c: { id: number }) => c.id === parent.body.comment.id);
    expect(withReply.replies.map((r: { body: string }) => r.body)).toEqual(["A reply to it.", "A reply to the reply."]);
  });
});

describe("reading", () => {
  test("readers see approved comments newest first; the author also sees their pending ones", async () => {
    const anonymous = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`);
    expect(anonymous.body.comments.every((c: { status: string }) => c.status === "approved")).toBe(true);
    const dates = anonymous.body.comments.map((c: { createdAt: string }) => c.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const member = await call("GET", `/api/comments?routePath=${encodeURIComponent(post)}`, undefined, "member");
    const mine = member.body.comments.filter(
      (c: { mine: boolean; status: string }) => c.mine && c.status === "pending",
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(anonymous.body)).not.toMatch(/"ip"|user_agent|"event"/);
  });
});

describe("moderation", () => {
  test("only comments.edit may list or moderate", async () => {
    expect((await call("GET", "/api/comments/all")).status).toBe(401);
    const member = await call("GET", "/api/comments/all", undefined, "member");
    expect(member).toMatchObject({
      status: 403,
      body: { message: "Forbidden: You do not have permission to edit comments." },
    });
    expect((await call("POST", "/api/comments/moderate", { id: 1, newStatus: "approved" }, "member")).status).toBe(403);
    expect((await call("POST", "/api/comments/moderate", { id: 1, newStatus: "approved" }, "editor")).status).toBe(403);
    expect((await call("POST", "/api/comments/moderate", { id: 1, newStatus: "approved" })).status).toBe(401);
  });

  test("the queue lists one status with counts of all", async () => {
    const { status, body } = await call("GET", "/api/comments/all?status=pending", undefined, "moderator");
    expect(status).toBe(200);
    expect(body.rows.every((r: { status: string }) => r.status === "pending")).toBe(true);
    expect(body.counts.pending).toBe(body.total);
    expect(Object.keys(body.counts).sort()).toEqual(["approved", "pending", "spam", "trash"]);
    expect((await call("GET", "/api/comments/all?status=bogus", undefined, "moderator")).body.message).toBe(
      "Invalid status value.",
    );
  });

  test("moderate: messages for success, unknown comment, bad status, missing fields; bulk works", async () => {
    const { body: queue } = await call("GET", "/api/comments/all?status=pending", undefined, "admin");
    const ids = queue.rows.map((r: { id: number }) => r.id).slice(0, 2);
    const bulk = await call("POST", "/api/comments/moderate", { ids, newStatus: "spam" }, "admin");
    expect(bulk).toMatchObject({ status: 200, body: { message: "Comment status updated successfully" } });
    const [row] = await rows(`select count(*) as n from comments where status = 'spam' and id in (${ids.join(",")})`);
    expect(row!.n).toBe(ids.length);
    expect(
      (await call("POST", "/api/comments/moderate", { id: 999999, newStatus: "approved" }, "admin")).body.message,
    ).toBe("Comment not found");
    expect(
      (await call("POST", "/api/comments/moderate", { id: ids[0], newStatus: "deleted" }, "admin")).body.message,
    ).toBe("Invalid status value.");
    expect((await call("POST", "/api/comments/moderate", {}, "admin")).body.message).toBe(
      "Missing required fields: id, newStatus",
    );
  });
});

describe("rate limits", () => {
  test("one author posting too fast is told to wait; moderators are not limited", async () => {
    const key = generateSecretKey();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const text = `Rapid comment number ${i} from one device.`;
      statuses.push(
        (
          await call("POST", "/api/comments/new", {
            routePath: post,
            commentBody: text,
            event: signed(text, post, key),
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await call("POST", "/api/comments/new", {
      routePath: post,
      commentBody: "One more, please.",
      event: signed("One more, please.", post, key),
    });
    expect(refused.body.message).toBe("Too many attempts. Please wait a moment and try again.");
    for (let i = 0; i < 12; i++) {
      expect(
        (await call("POST", "/api/comments/new", { routePath: post, commentBody: `Moderator note ${i}.` }, "moderator"))
          .status,
      ).toBe(201);
    }
  });
});
