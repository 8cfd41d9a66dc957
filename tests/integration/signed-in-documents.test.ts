/**
 * Signed-in readers get the same kept documents as anonymous ones: the server renders a cacheable address as
 * the anonymous page (whoever asks first), so the bytes served to two members and a visitor are the same and
 * hold nobody's name, user name, key or id. Who is signed in comes from the session's own call, answered to
 * each their own, never stored.
 */
import { request } from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createUser } from "~/auth/users.server";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { serveSeededApp } from "../helpers/app-server";
import { sessionCookieFor } from "../helpers/sessions";

process.env.SITE_URL = "https://daftar.example";

/** Two readers whose every detail is a word found nowhere else on the site. */
const people = {
  member: { userName: "zubinreader", firstName: "Zubinov", lastName: "Qaribzadeh", roles: ["Member"], pub: "a1" },
  writer: { userName: "yasnawriter", firstName: "Yasnavel", lastName: "Ostrovandi", roles: ["Editor"], pub: "b2" },
} as const;
type Person = keyof typeof people;

const cookies = {} as Record<Person, string>;
const ids = {} as Record<Person, number>;
const server = serveSeededApp(async (db) => {
  for (const [who, person] of Object.entries(people) as [Person, (typeof people)[Person]][]) {
    const row = await createUser(
      db,
      {
        userName: person.userName,
        password: "password123",
        firstName: person.firstName,
        lastName: person.lastName,
        about: "",
      },
      person.roles,
    );
    await db
      .update(users)
      .set({ pub: person.pub.repeat(32) })
      .where(eq(users.id, row.id));
    ids[who] = row.id;
    cookies[who] = await sessionCookieFor(await getDb(), person.userName);
  }
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose answer is read as bytes, as sent (no decoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const readers = ["anonymous", "member", "writer"] as const;
type Reader = (typeof readers)[number];
/** A reader's cookies: their session and its hint, and on an English page the language choice beside them. */
const cookieOf = (reader: Reader, path = ""): Record<string, string> => {
  if (reader === "anonymous") return {};
  const session = `${cookies[reader]}; daftar_signed_in=1`;
  return { cookie: path.startsWith("/en") ? `locale=en; ${session}` : session };
};

/** What would tell a reader apart in a document: each person's names, user name, key, id and session. */
function personalMarks(who: Person): string[] {
  const person = people[who];
  return [
    person.userName,
    person.firstName,
    person.lastName,
    person.pub.repeat(32),
    cookies[who].split("=")[1]!,
    `"id",${ids[who]}`,
    `"id":${ids[who]}`,
  ];
}

const pages = ["/en/notes/learning-slowly", "/notes/learning-slowly", "/en/about", "/", "/en/logs", "/en/tags"];

describe("kept documents are the same for every reader", () => {
  test("signed in or not, whoever asks first, the same bytes in every encoding, naming nobody", async () => {
    for (const [i, path] of pages.entries()) {
      // Half the pages are first asked for by a member, half by a visitor.
      const order: Reader[] = i % 2 ? ["anonymous", "member", "writer"] : ["member", "writer", "anonymous"];
      for (const encoding of ["identity", "gzip", "br"]) {
        const answers = new Map<Reader, Answer>();
        for (const reader of order) {
          answers.set(reader, await get(path, { "accept-encoding": encoding, ...cookieOf(reader, path) }));
        }
        const first = answers.get(order[0]!)!;
        expect(first.status, path).toBe(200);
        for (const reader of readers) {
          const answer = answers.get(reader)!;
          expect(answer.body.equals(first.body), `${path} ${encoding} ${reader}`).toBe(true);
          expect(answer.headers["set-cookie"], `${path} ${reader}`).toBeUndefined();
        }
        // Every answer after the first came from the cache.
        for (const reader of order.slice(1)) expect(answers.get(reader)!.headers["x-document-cache"]).toBe("hit");
        if (encoding === "identity") {
          const html = first.body.toString("utf8");
          for (const who of Object.keys(people) as Person[]) {
            for (const mark of personalMarks(who)) expect(html, `${path} holds ${mark}`).not.toContain(mark);
          }
        }
      }
    }
  });

  test("a cookie that changes the answer still passes the cache by: a flash message, the setup token", async () => {
    await get("/en/about");
    for (const cookie of ["toast=%7B%22title%22%3A%22x%22%7D", "daftar_setup=x", "daftar_oauth=x", "other=1"]) {
      const answer = await get("/en/about", { cookie: `${cookies.member}; ${cookie}` });
      expect(answer.headers["x-document-cache"], cookie).not.toBe("hit");
    }
  });

  test("pages that are not kept are rendered for the reader as before", async () => {
    const answer = await get("/en/profile", { cookie: cookies.member });
    expect(answer.status).toBe(200);
    expect(answer.headers["x-document-cache"]).toBeUndefined();
    expect(String(answer.headers["cache-control"])).toContain("no-store");
    expect(answer.body.toString("utf8")).toContain(people.member.userName);
    // Client navigations read the root's data with the session, as before.
    const data = await get("/en/notes/learning-slowly.data", { cookie: cookies.writer });
    expect(data.headers["x-document-cache"]).toBeUndefined();
    expect(data.body.toString("utf8")).toContain(people.writer.userName);
  });
});

describe("the session's own call", () => {
  async function reader(as: Reader) {
    const answer = await get("/api/auth/reader", cookieOf(as));
    return { answer, body: JSON.parse(answer.body.toString("utf8")) as { user: Record<string, unknown> | null } };
  }

  test("answers each reader their own data, never stored", async () => {
    for (const who of ["member", "writer"] as const) {
      const { answer, body } = await reader(who);
      expect(answer.status).toBe(200);
      expect(String(answer.headers["cache-control"])).toMatch(/private/);
      expect(String(answer.headers["cache-control"])).toMatch(/no-store/);
      expect(body.user).toMatchObject({ id: ids[who], userName: people[who].userName });
    }
    const { body: writer } = await reader("writer");
    expect(writer.user!.permissions).toContain("commit.create");
    const { body: member } = await reader("member");
    expect(member.user!.permissions).not.toContain("commit.create");
  });

  test("answers nothing to an anonymous caller, or to a session that has ended", async () => {
    const { answer, body } = await reader("anonymous");
    expect(answer.status).toBe(200);
    expect(String(answer.headers["cache-control"])).toMatch(/no-store/);
    expect(body).toEqual({ user: null });
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  test("a session that has ended is cleared, with its hint, so the browser's next pages do not ask again", async () => {
    const ended = await get("/api/auth/reader", { cookie: "daftar_session=not-a-session; daftar_signed_in=1" });
    expect(JSON.parse(ended.body.toString("utf8"))).toEqual({ user: null });
    const set = ended.headers["set-cookie"] ?? [];
    expect(set).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^daftar_session=;.*Max-Age=0/),
        expect.stringMatching(/^daftar_signed_in=;.*Max-Age=0/),
      ]),
    );
  });
});

describe("the session's hint", () => {
  const setCookies = (answer: { headers: Record<string, string | string[] | undefined> }) =>
    [answer.headers["set-cookie"] ?? []].flat();

  test("signing in sets it with the session's lifetime, readable by the page; signing out clears it", async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ userName: people.member.userName, password: "password123" }),
    });
    expect(login.status).toBe(200);
    const set = login.headers.getSetCookie();
    const session = set.find((cookie) => cookie.startsWith("daftar_session="))!;
    const hint = set.find((cookie) => cookie.startsWith("daftar_signed_in="))!;
    expect(hint).toMatch(/^daftar_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(session).toMatch(/HttpOnly/);
    expect(/Max-Age=\d+/.exec(hint)?.[0]).toBe(/Max-Age=\d+/.exec(session)?.[0]);

    const logout = await fetch(`${server.url}/api/_auth/session`, {
      method: "DELETE",
      headers: { origin: server.url, cookie: `${session.split(";")[0]}; daftar_signed_in=1` },
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^daftar_signed_in=;.*Max-Age=0/)]),
    );
  });

  test("a session without its hint gets the page rendered and the hint with it; then the kept page", async () => {
    await get("/en/about");
    const first = await get("/en/about", { cookie: cookies.member });
    expect(first.status).toBe(200);
    expect(first.headers["x-document-cache"]).toBeUndefined();
    expect(setCookies(first)).toEqual([expect.stringMatching(/^daftar_signed_in=1;/)]);
    const next = await get("/en/about", { cookie: `${cookies.member}; daftar_signed_in=1` });
    expect(next.headers["x-document-cache"]).toBe("hit");
    expect(next.headers["set-cookie"]).toBeUndefined();
  });
});
