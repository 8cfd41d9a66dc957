/**
 * Two app instances, each with its own data folder (no shared disk), on one libSQL server (sqld), with requests
 * spread over both as a load balancer would: the installer raced from both, a session made on one used on the
 * other, rate limits counted together, the last-manager guarantee under a race split across instances, and
 * changes made through one instance (or a third writer) reaching the other's caches (pages, search, the category
 * and tag feeds) within 2 seconds, the dashboard's settings, categories and account guards working across both;
 * and the installer checking a libSQL server that the owner enters and installing the site on it.
 */
import path from "node:path";
import { finalizeEvent, generateSecretKey } from "nostr-tools/pure";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { limits } from "~/db/rate-limit.server";
import { changeTransaction } from "~/cluster/change-feed.server";
import { commentEventTemplate } from "~/keys/comment-event";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { pages } from "~/db/schema";
import { updateAppConfig } from "~/settings/app-config.server";
import { and, eq } from "drizzle-orm";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { ApiClient } from "../helpers/api-client";
import { rawRequest } from "../helpers/raw-http";
import { startSite, type SiteProcess } from "../helpers/site-process";

const setupToken = "cluster-test-setup-token-0123456789";
let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;
/** A third writer on the same database, as another instance would be: the test's own connection. */
let writer: DatabaseConnection;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "cluster-sqld") });
  const env = { DATABASE_URL: sqld.url, SETUP_TOKEN: setupToken };
  [a, b] = await Promise.all([startSite(env), startSite(env)]);
  writer = await openDatabase(sqld.url);
}, 90_000);

afterAll(async () => {
  writer?.client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

/** An installer call with the setup token, to one instance. */
async function install(site: SiteProcess, step: string, body?: unknown) {
  const response = await fetch(`${site.url}/api/install/${step}`, {
    method: "POST",
    headers: { "x-setup-token": setupToken, "accept-language": "en", "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/** Polls `check` until it holds, for at most `ms`; the time it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const admin = { firstName: "Sara", lastName: "Rahimi", about: "Runs this notebook", password: "secret-pass" };
const taraLogin = { userName: "tara", password: "another-pass" };
/** Whoever kept the Admin role after the race below. */
let manager = { userName: "sara", password: admin.password };

describe("installing from both instances at once", () => {
  test("migrations, default data and the first administrator each happen once", async () => {
    for (const site of [a, b]) {
      const check = await fetch(`${site.url}/api/install/database-connections`, {
        headers: { "x-setup-token": setupToken },
      });
      expect(check.status).toBe(200);
    }
    const migrated = await Promise.all([install(a, "migrations-run"), install(b, "migrations-run")]);
    expect(migrated.map((m) => m.status)).toEqual([200, 200]);
    const loaded = await Promise.all([install(a, "database-loading"), install(b, "database-loading")]);
    expect(loaded.map((l) => l.status)).toEqual([200, 200]);

    const names = ["sara", "tara", "omid", "nava", "reza", "lale"];
    const attempts = await Promise.all(
      names.map((userName, i) => install(i % 2 ? b : a, "admin-loading", { ...admin, userName })),
    );
    expect(attempts.map((x) => x.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const roles = await writer.client.execute(
      "select count(*) from user_roles ur join roles r on r.id = ur.role_id where r.name = 'Admin'",
    );
    expect(Number(roles.rows[0]?.[0])).toBe(1);
    const permissions = await writer.client.execute("select count(*) from permissions");
    expect(Number(permissions.rows[0]?.[0])).toBeGreaterThan(0);
    // Every bundled page once, though both instances loaded them.
    const duplicates = await writer.client.execute(
      "select count(*) from (select locale, path from pages group by locale, path having count(*) > 1)",
    );
    expect(Number(duplicates.rows[0]?.[0])).toBe(0);
    const winner = names[attempts.findIndex((x) => x.status === 201)]!;
    // Rename the winner to "sara" for the tests below.
    await writer.client.execute({ sql: "update users set user_name = 'sara' where user_name = ?", args: [winner] });
  });

  test("finishing on one instance opens the site on the other within 2 s", async () => {
    // B has served the installer, so its configuration cache says "not installed".
    const showsSite = async () => (await (await fetch(`${b.url}/en/about`)).text()).includes('data-testid="site-name"');
    expect(await showsSite()).toBe(false);
    expect((await install(a, "finish")).status).toBe(200);
    await within(2000, showsSite);
  });
});

describe("accounts across instances", () => {
  test("a session made on one instance is valid on the other, and logging out on it ends it on both", async () => {
    const onA = new ApiClient(a.url);
    expect((await onA.post("/api/auth/login", { userName: "sara", password: admin.password })).status).toBe(200);
    const onB = new ApiClient(b.url);
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    const session = await onB.get<{ user?: { userName: string } }>("/api/_auth/session");
    expect(session.body.user?.userName).toBe("sara");
    expect((await onB.delete("/api/_auth/session")).status).toBe(200);
    const ended = await onA.get<{ user?: unknown }>("/api/_auth/session");
    expect(ended.body.user).toBeFalsy();
  });

  test("failed logins are counted together, whichever instance they reach", async () => {
    const max = limits.loginByNameAndAddress.max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const site = i % 2 ? b : a;
      const answer = await rawRequest(site.url, "/api/auth/login", {
        method: "POST",
        from: "127.0.0.7",
        headers: { "Content-Type": "application/json", Origin: site.url, "X-Locale": "en" },
        body: JSON.stringify({ userName: "sara", password: `wrong-${i}` }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
  });

  test("two managers each giving up the Admin role at once on different instances: exactly one succeeds", async () => {
    const sara = new ApiClient(a.url);
    expect((await sara.post("/api/auth/login", { userName: "sara", password: admin.password })).status).toBe(200);
    const roles = await sara.get<{ roles: { id: number; name: string }[] }>("/api/roles/all");
    const adminRole = roles.body.roles.find((role) => role.name === "Admin")!;
    const added = await sara.post<{ user: { id: number } }>("/api/users/new", {
      firstName: "Tara",
      lastName: "Karimi",
      about: "",
      userName: "tara",
      password: "another-pass",
      roleIds: [adminRole.id],
    });
    expect(added.status).toBe(201);
    const tara = new ApiClient(b.url);
    expect((await tara.post("/api/auth/login", taraLogin)).status).toBe(200);
    const saraId = Number((await writer.client.execute("select id from users where user_name = 'sara'")).rows[0]?.[0]);

    // Each takes the role from themselves, at once: the last holder of users.manage must keep it.
    const [first, second] = await Promise.all([
      sara.post("/api/roles/remove-user", { userId: saraId, roleIds: [adminRole.id] }),
      tara.post("/api/roles/remove-user", { userId: added.body.user.id, roleIds: [adminRole.id] }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toBe("Cannot take this away: nobody else could manage users.");
    manager = first.status === 409 ? { userName: "sara", password: admin.password } : taraLogin;
    const holders = await writer.client.execute(
      "select count(*) from user_roles ur join roles r on r.id = ur.role_id where r.name = 'Admin'",
    );
    expect(Number(holders.rows[0]?.[0])).toBe(1);
  });
});

describe("caches follow changes made elsewhere", () => {
  const post = "/en/notes/learning-slowly";

  /** B's document for `path`: how it was served and its body. */
  async function onB(path: string) {
    const answer = await rawRequest(b.url, path);
    return { state: answer.headers["x-document-cache"], body: answer.body };
  }

  test("a comment moderated on A shows in B's cached page within 2 s", async () => {
    const text = "Posted on one instance, approved there, seen on the other.";
    const event = finalizeEvent(commentEventTemplate(a.url + post, text), generateSecretKey());
    const visitor = new ApiClient(a.url);
    const posted = await visitor.post<{ comment: { id: number; status: string } }>("/api/comments/new", {
      routePath: post,
      commentBody: text,
      event,
    });
    expect(posted.status).toBe(201);
    expect(posted.body.comment.status).toBe("pending");

    // B keeps the page's document.
    await onB(post);
    const kept = await onB(post);
    expect(kept.state).toBe("hit");
    expect(kept.body).not.toContain('data-testid="toc-comment-count"');

    const moderator = new ApiClient(a.url);
    expect((await moderator.post("/api/auth/login", manager)).status).toBe(200);
    const approved = await moderator.post("/api/comments/moderate", {
      id: posted.body.comment.id,
      newStatus: "approved",
    });
    expect(approved.status).toBe(200);
    const took = await within(2000, async () => (await onB(post)).body.includes('data-testid="toc-comment-count"'));
    expect(took).toBeLessThan(2000);
    // B's public comment list (not cached) has it too.
    const listed = await new ApiClient(b.url).get<{ comments: { body: string }[] }>(
      `/api/comments?routePath=${encodeURIComponent(post)}`,
    );
    expect(listed.body.comments.map((c) => c.body)).toContain(text);
  });

  test("a page changed by another writer reaches B's cached page and search within 2 s", async () => {
    const word = "Quillwort";
    const search = async () => {
      const answer = await new ApiClient(b.url).get<{ results: { path: string }[] }>(`/api/search?q=${word}&locale=en`);
      return answer.body.results.map((r) => r.path);
    };
    expect(await search()).toEqual([]);
    await onB("/en/about");
    expect((await onB("/en/about")).state).toBe("hit");

    await changeTransaction(writer.db, async (tx, announce) => {
      await tx
        .update(pages)
        .set({ body: `## ${word}\n\nA page changed by another instance.` })
        .where(and(eq(pages.locale, "en"), eq(pages.path, "/about")));
      announce({ topic: "content", detail: [{ locale: "en", path: "/about" }] });
    });
    await within(2000, async () => (await onB("/en/about")).body.includes(word));
    await within(2000, async () => (await search()).includes("/about"));
  });

  test("a post changed by another writer reaches B's category and tag feeds within 2 s", async () => {
    const title = "Learning Slowly, Rewritten";
    const feeds = ["/en/notes/feed.xml", "/en/tags/learning/feed.xml"];
    const feedsOnB = async () => Promise.all(feeds.map(async (feed) => (await rawRequest(b.url, feed)).body));
    for (const body of await feedsOnB()) expect(body).toContain("Learning Slowly");
    for (const body of await feedsOnB()) expect(body).not.toContain(title);

    await changeTransaction(writer.db, async (tx, announce) => {
      await tx
        .update(pages)
        .set({ title })
        .where(and(eq(pages.locale, "en"), eq(pages.path, "/notes/learning-slowly")));
      announce({ topic: "content", detail: [{ locale: "en", path: "/notes/learning-slowly" }] });
    });
    await within(2000, async () => (await feedsOnB()).every((body) => body.includes(title)));
  });

  test("settings changed by another writer reach B's pages within 2 s", async () => {
    expect((await onB("/en")).body).not.toContain("Field Notes");
    expect((await onB("/en")).state).toBe("hit");
    await updateAppConfig({ siteName: { fa: "دفتر میدانی", en: "Field Notes" } }, writer.db);
    await within(2000, async () => (await onB("/en")).body.includes("Field Notes"));
  });
});

describe("the dashboard across instances", () => {
  const b2 = () => new ApiClient(b.url);

  test("settings saved through A reach B's cached pages within 2 s", async () => {
    const owner = new ApiClient(a.url);
    expect((await owner.post("/api/auth/login", manager)).status).toBe(200);
    await rawRequest(b.url, "/en/about");
    expect((await rawRequest(b.url, "/en/about")).headers["x-document-cache"]).toBe("hit");
    const { version } = (await owner.get<{ version: number }>("/api/settings")).body;
    const saved = await owner.put("/api/settings", { version, footerEn: "Saved on A, seen on B." });
    expect(saved.status).toBe(200);
    await within(2000, async () => (await rawRequest(b.url, "/en/about")).body.includes("Saved on A, seen on B."));
  });

  test("a category added through A is in B's menu within 2 s", async () => {
    const owner = new ApiClient(a.url);
    expect((await owner.post("/api/auth/login", manager)).status).toBe(200);
    const added = await owner.post("/api/categories/new", { slug: "essays", nameFa: "جستارها", nameEn: "Essays" });
    expect(added.status).toBe(201);
    await within(2000, async () => (await rawRequest(b.url, "/en/about")).body.includes(">Essays</a>"));
    expect((await rawRequest(b.url, "/en/essays")).status).toBe(200);
  });

  test("two managers disabling each other at once on different instances: exactly one succeeds", async () => {
    const first = new ApiClient(a.url);
    expect((await first.post("/api/auth/login", manager)).status).toBe(200);
    const roles = await first.get<{ roles: { id: number; name: string }[] }>("/api/roles/all");
    const adminRole = roles.body.roles.find((role) => role.name === "Admin")!;
    const added = await first.post<{ user: { id: number } }>("/api/users/new", {
      firstName: "Uma",
      lastName: "Karimi",
      about: "",
      userName: "uma",
      password: "uma-password",
      roleIds: [adminRole.id],
    });
    expect(added.status).toBe(201);
    const second = b2();
    expect((await second.post("/api/auth/login", { userName: "uma", password: "uma-password" })).status).toBe(200);
    const firstId = Number(
      (await writer.client.execute({ sql: "select id from users where user_name = ?", args: [manager.userName] }))
        .rows[0]?.[0],
    );

    const answers = await Promise.all([
      first.post("/api/users/disable", { userId: added.body.user.id }),
      second.post("/api/users/disable", { userId: firstId }),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const loser = answers.find((answer) => answer.status !== 200)!;
    // Refused by the last-manager check, or (when the other change had already signed its author out) as nobody.
    expect([409, 401]).toContain(loser.status);
    if (loser.status === 409) expect(loser.body.message).toBe("Cannot take this away: nobody else could manage users.");
    const enabledManagers = await writer.client.execute(
      `select count(distinct u.id) from users u join user_roles ur on ur.user_id = u.id
       join role_permissions rp on rp.role_id = ur.role_id
       where rp.permission = 'users.manage' and u.disabled_at is null`,
    );
    expect(Number(enabledManagers.rows[0]?.[0])).toBe(1);
  });
});

describe("the installer's database step", () => {
  test("checks a libSQL server entered by the owner and installs the site on it", async () => {
    const other = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "entered-sqld") });
    const site = await startSite({ SETUP_TOKEN: setupToken, INSTALL_ALLOW_PRIVATE_DATABASE: "true" });
    try {
      const entered = await install(site, "database-connections", { url: other.url });
      expect(entered.status).toBe(200);
      expect((entered.body as { database?: unknown }).database).toMatchObject({ connected: true, url: other.url });
      expect((await install(site, "migrations-run")).status).toBe(200);
      expect((await install(site, "database-loading")).status).toBe(200);
      const direct = await openDatabase(other.url);
      const loaded = await direct.client.execute("select count(*) from pages");
      expect(Number(loaded.rows[0]?.[0])).toBeGreaterThan(0);
      direct.client.close();
    } finally {
      await site.stop();
      await other.stop();
    }
  });
});
