/**
 * Input a person or a script can send that the calls must read exactly: ids in JSON bodies are numbers and
 * nothing else, numbers in query strings are bounded, and text people write loses invisible spoofing characters
 * (but never the Persian ZWNJ).
 */
import { finalizeEvent, generateSecretKey } from "nostr-tools/pure";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commentEventTemplate } from "~/keys/comment-event";
import { connection } from "~/db/client.server";
import { PAGE_MAX } from "~/lib/number-fields";
import { ApiClient, provenKey } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let admin: ApiClient;
let moderator: ApiClient;
let member: ApiClient;
beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  [admin, moderator, member] = [new ApiClient(server.url), new ApiClient(server.url), new ApiClient(server.url)];
  await admin.login("admin");
  await moderator.login("moderator");
  await member.login("member");
});
afterAll(async () => server?.close());

const post = "/en/notes/learning-slowly";
const RLO = "\u202E";

async function rows(sql: string, args: (string | number)[] = []) {
  return (await (await connection()).client.execute({ sql, args })).rows;
}
const rolesOfUser = async (id: number) =>
  (await rows("select role_id from user_roles where user_id = ? order by role_id", [id])).map((r) => r.role_id);

describe("ids in JSON bodies are integers, nothing else", () => {
  const notIds: [string, unknown][] = [
    ["true", true],
    ["false", false],
    ["an array", [1]],
    ["a numeric string", "1"],
    ["a fraction", 1.5],
    ["zero", 0],
    ["a negative number", -1],
    ["past the safe integers", 2 ** 53],
    ["null", null],
    ["an object", { id: 1 }],
  ];

  test.each(notIds)("a user id given as %s is refused and changes nothing", async (_name, userId) => {
    const before = await rolesOfUser(1);
    for (const path of ["/api/roles/add-user", "/api/roles/remove-user"]) {
      const answer = await admin.post(path, { userId, roleIds: [2] });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect((await admin.put("/api/roles/set-user", { userId, roleIds: [2] })).status).toBe(400);
    expect(await rolesOfUser(1)).toEqual(before);
  });

  test.each(notIds)("a role id given as %s is refused", async (_name, roleId) => {
    expect((await admin.post("/api/roles/add-user", { userId: 3, roleIds: [roleId] })).status).toBe(400);
  });

  test("a comment id or reply-to id given as true is refused", async () => {
    expect((await moderator.post("/api/comments/moderate", { id: true, newStatus: "spam" })).status).toBe(400);
    expect((await moderator.post("/api/comments/moderate", { ids: [true], newStatus: "spam" })).status).toBe(400);
    const reply = await member.post("/api/comments/new", {
      routePath: post,
      commentBody: "A reply here",
      parentId: true,
    });
    expect(reply.status).toBe(400);
  });

  test("real ids still work", async () => {
    const [roleRow] = await rows("select id from roles where name = 'Editor'");
    const [userRow] = await rows("select id from users where user_name = 'member'");
    const answer = await admin.post("/api/roles/add-user", { userId: userRow!.id, roleIds: [roleRow!.id] });
    expect(answer.status).toBe(200);
  });
});

describe("numbers in query strings are bounded", () => {
  const badPages = ["1e308", "1e3", "-1", "0", "1.5", "abc", "0x10", String(PAGE_MAX + 1), "99999999999999999999"];
  const message = `Must be a whole number from 1 to ${PAGE_MAX}`;

  test.each(badPages)("page=%s is a 400 with a message on every listing call", async (page) => {
    const calls = [
      [member, `/api/comments?routePath=${encodeURIComponent(post)}&page=${page}`],
      [moderator, `/api/comments/all?page=${page}`],
      [admin, `/api/users/all?page=${page}`],
    ] as const;
    for (const [client, path] of calls) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toBe(message);
      expect(answer.body.issues?.[0]?.path).toBe("page");
    }
  });

  test("pageSize is bounded too", async () => {
    for (const size of ["0", "101", "1e308", "x"]) {
      expect((await moderator.get(`/api/comments/all?pageSize=${size}`)).status).toBe(400);
      expect((await admin.get(`/api/users/all?pageSize=${size}`)).status).toBe(400);
    }
  });

  test("the moderation and users pages answer 400 with the reason, not 500", async () => {
    for (const path of [
      "/en/manage/comments?page=1e308",
      "/en/manage/users?page=1e308",
      "/en/manage/comments?pageSize=-5",
    ]) {
      const response = await moderator.raw("GET", path);
      const html = await response.text();
      expect(response.status, path).toBe(400);
      expect(html).toContain("Must be a whole number from 1 to");
    }
  });

  test("good page numbers, in either script, still work", async () => {
    expect((await moderator.get("/api/comments/all?page=2&pageSize=5")).status).toBe(200);
    expect((await admin.get("/api/users/all?page=۲")).body.page).toBe(2);
    expect((await member.get(`/api/comments?routePath=${encodeURIComponent(post)}`)).status).toBe(200);
    expect((await moderator.raw("GET", "/en/manage/comments?page=3")).status).toBe(200);
  });
});

describe("text people write loses invisible spoofing characters", () => {
  test("a name and about through the profile call", async () => {
    const answer = await member.put("/api/users/update-profile", {
      firstName: `Mina${RLO}gpj.exe`,
      lastName: "Karimi\u2066x\u2069",
      about: `Line one\u0000\nline ${RLO}two\uFEFF`,
    });
    expect(answer.status).toBe(200);
    const [row] = await rows("select first_name, last_name, about from users where user_name = 'member'");
    expect(row).toMatchObject({ first_name: "Minagpj.exe", last_name: "Karimix", about: "Line one\nline two" });
  });

  test("a registration's names and device name", async () => {
    const { pub, proof } = provenKey(server.url, "register", 77);
    const answer = await new ApiClient(server.url).post("/api/auth/register", {
      firstName: `\u202Bشاهین${RLO}`,
      lastName: "خوش\u200Cصحبت\u0000",
      about: "می\u200Cخواهم بنویسم",
      userName: "shahin",
      password: "secret-pass",
      pub,
      proof,
      deviceName: `Brave${RLO} Fox\u2069`,
    });
    expect(answer.status).toBe(201);
    const [user] = await rows("select first_name, last_name, about from users where user_name = 'shahin'");
    expect(user).toMatchObject({ first_name: "شاهین", last_name: "خوش\u200Cصحبت", about: "می\u200Cخواهم بنویسم" });
    const [device] = await rows("select device_name from devices where pub = ?", [pub]);
    expect(device!.device_name).toBe("Brave Fox");
  });

  test("a role name", async () => {
    const answer = await admin.post("/api/roles/new", {
      name: `Helper${RLO}`,
      description: "Helps \u200Fout",
      permissions: ["dashboard.read"],
    });
    expect(answer.status).toBe(201);
    const [row] = await rows("select name, description from roles where name like 'Helper%'");
    expect(row).toMatchObject({ name: "Helper", description: "Helps out" });
  });

  test("a field that is nothing but controls is empty, so it is refused", async () => {
    const answer = await member.put("/api/users/update-profile", {
      firstName: RLO.repeat(5),
      lastName: "Karimi",
      about: "Reads",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.[0]?.path).toBe("firstName");
  });

  test("a signed-in comment body", async () => {
    const answer = await member.post<{ comment: { id: number } }>("/api/comments/new", {
      routePath: post,
      commentBody: `Nice post ${RLO}txt.exe\u0007`,
    });
    expect(answer.status).toBe(201);
    const [row] = await rows("select body from comments where id = ?", [answer.body.comment.id]);
    expect(row!.body).toBe("Nice post txt.exe");
  });

  test("an anonymous name keeps its ZWNJ and loses its bidi controls", async () => {
    const body = "سلام، نوشتهٔ خوبی بود";
    const key = generateSecretKey();
    const answer = await new ApiClient(server.url).raw("POST", "/api/comments/new", {
      body: JSON.stringify({
        routePath: post,
        commentBody: body,
        event: finalizeEvent(commentEventTemplate(server.url + post, body), key),
      }),
      headers: {
        "Content-Type": "application/json",
        "X-Display-Name": encodeURIComponent(`شاهین خوش\u200Cصحبت${RLO}`),
      },
    });
    expect(answer.status).toBe(201);
    const { comment } = (await answer.json()) as { comment: { id: number } };
    const [row] = await rows("select author_name from comments where id = ?", [comment.id]);
    expect(row!.author_name).toBe("شاهین خوش\u200Cصحبت");
  });

  test("an anonymous comment whose signed text has a control is refused, and its cleaned text is accepted", async () => {
    const key = generateSecretKey();
    const raw = `Hello ${RLO}there`;
    const send = (commentBody: string, signedBody: string) =>
      new ApiClient(server.url).post("/api/comments/new", {
        routePath: post,
        commentBody,
        event: finalizeEvent(commentEventTemplate(server.url + post, signedBody), key),
      });
    expect((await send(raw, raw)).status).toBe(401);
    expect((await send(raw, "Hello there")).status).toBe(201);
  });
});
