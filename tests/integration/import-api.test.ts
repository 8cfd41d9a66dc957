/**
 * The dashboard's import calls on the production build: who may make them, and the bounds of an export sent:
 * refused with a message in the caller's language, changing nothing and leaving no temporary file behind.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { importUploads } from "~/db/schema";
import { packExport } from "~/import/packed-export.server";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";
import { readAppConfigState } from "~/settings/app-config.server";
import type { ImportPreview } from "~/import/plan.server";
import { fullExport } from "../fixtures/import/wordpress-export";
import { largeWordPressExport } from "../fixtures/import/large-export";

const site = serveSeededApp();

async function signedIn(userName: string) {
  const client = new ApiClient(site.url);
  await client.login(userName);
  return client;
}

const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith("daftar-import-"));

/** Sent as an export's bytes; the answer's status and message, the database and the temporary folder unchanged. */
async function send(client: ApiClient, body: Uint8Array, kind = "wordpress") {
  const db = await getDb();
  const before = await databaseFingerprint(db);
  const response = await client.raw("POST", `/api/import/upload?kind=${kind}&name=export.xml`, {
    body,
    headers: { "Content-Type": "application/octet-stream" },
  });
  const answer = { status: response.status, message: ((await response.json()) as { message: string }).message };
  await expectDatabaseUnchanged(db, before);
  expect(leftovers()).toEqual([]);
  return answer;
}

describe("who may import", () => {
  test("nobody signed in, and a member who may not publish, are refused", async () => {
    const bytes = new TextEncoder().encode("<rss></rss>");
    expect((await send(new ApiClient(site.url), bytes)).status).toBe(401);
    expect((await send(await signedIn("member"), bytes)).status).toBe(403);
    expect((await send(await signedIn("moderator"), bytes)).status).toBe(403);
    const member = await signedIn("member");
    expect((await member.post("/api/import/run", { uploadId: 1, locales: {} })).status).toBe(403);
    expect((await member.get("/api/import/progress")).status).toBe(403);
  });
});

describe("what an export may be", () => {
  test("a file that is not an export is refused with a message", async () => {
    const editor = await signedIn("editor");
    // The reader says where the file goes wrong, in the writer's words.
    expect(await send(editor, new TextEncoder().encode("not an export at all"))).toEqual({
      status: 422,
      message: "The file is not a well-formed export: it goes wrong at line 1, column 21.",
    });
    expect(await send(editor, new Uint8Array(0))).toEqual({
      status: 400,
      message: "This file could not be read as an export.",
    });
  });

  test("a reader that dies mid-read refuses the export with a message, keeps nothing and leaves nothing behind", async () => {
    // The export is read in a process of its own: found among this process's children, and killed mid-read.
    const readers = () =>
      readdirSync("/proc")
        .filter((name) => /^\d+$/.test(name))
        .filter((pid) => {
          try {
            const status = readFileSync(`/proc/${pid}/status`, "utf8");
            const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
            // The shell that sets the reader's limits becomes the reader: its command line is then node's.
            return (
              Number(/PPid:\s+(\d+)/.exec(status)?.[1]) === process.pid &&
              cmdline.includes("export-reader") &&
              !cmdline.startsWith("/bin/sh")
            );
          } catch {
            return false;
          }
        })
        .map(Number);
    const bytes = new TextEncoder().encode(largeWordPressExport({ posts: 1500, commentsPerPost: 5, images: 0 }));
    for (const [locale, message] of [
      ["en", "The export could not be read. Please try again."],
      ["fa", "برون‌بری خوانده نشد. دوباره تلاش کنید."],
    ] as const) {
      const editor = new ApiClient(site.url, locale);
      await editor.login("editor");
      const answer = send(editor, bytes);
      let killed = 0;
      for (let tries = 0; !killed && tries < 600; tries++) {
        for (const pid of readers()) {
          // The kernel bounds the reader too, for when no server watches it: its CPU time, and no core file.
          const limits = readFileSync(`/proc/${pid}/limits`, "utf8");
          expect(limits).toMatch(/Max cpu time\s+250\s/);
          expect(limits).toMatch(/Max core file size\s+0\s/);
          process.kill(pid, "SIGKILL");
          killed++;
        }
        if (!killed) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(killed).toBe(1);
      expect(await answer).toEqual({ status: 500, message });
      expect(readers()).toEqual([]);
    }
  });

  test("an export whose reading needs more memory than a reader has is refused as too heavy, keeping nothing", async () => {
    // Under the size limit, but millions of objects once parsed: past the reader's heap, its process ends.
    const posts = "{},".repeat(20_000_000);
    const bytes = new TextEncoder().encode(`{"db":[{"data":{"posts":[${posts}{}]}}]}`);
    expect(await send(await signedIn("editor"), bytes, "ghost")).toEqual({
      status: 422,
      message:
        "This export takes more than the server gives one reading: nothing was imported. Import it with the command line (npm run import).",
    });
  });

  test("an export past 64 MB is refused as it arrives", async () => {
    const editor = await signedIn("editor");
    expect(await send(editor, new Uint8Array(64 * 1024 * 1024 + 1).fill(0x20))).toEqual({
      status: 413,
      message: "The export is larger than 64 MB.",
    });
  });

  test("an export sent in chunks goes to the disk as it arrives: past the limit it is refused, its file removed", async () => {
    const editor = await signedIn("editor");
    const db = await getDb();
    const before = await databaseFingerprint(db);
    // What the server keeps of the body while it arrives: the largest temporary file seen.
    let onDisk = 0;
    const sampler = setInterval(() => {
      for (const folder of leftovers()) {
        try {
          onDisk = Math.max(onDisk, statSync(path.join(tmpdir(), folder, "export")).size);
        } catch {
          // Not made yet, or removed already.
        }
      }
    }, 5);
    const MB = 1024 * 1024;
    const chunk = new Uint8Array(MB).fill(0x20);
    let sent = 0;
    // 80 MB in chunks of 1 MB, declaring no length: only counting as it arrives can stop it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += MB;
        try {
          if (sent > 80 * MB) controller.close();
          else controller.enqueue(chunk);
        } catch {
          // The server closed the connection: the client has stopped sending.
        }
      },
    });
    let answer: { status: number; message: string } | null = null;
    try {
      const response = await fetch(`${site.url}/api/import/upload?kind=wordpress&name=big.xml`, {
        method: "POST",
        headers: { Origin: site.url, Cookie: editor.cookieHeader, "X-Locale": "fa" },
        body,
        duplex: "half",
      } as RequestInit);
      answer = { status: response.status, message: ((await response.json()) as { message: string }).message };
    } catch (error) {
      // The server may close the connection before the client has sent everything: refused all the same.
      expect(String((error as Error).cause ?? error)).toMatch(/socket|closed|reset|terminated|EPIPE/i);
    } finally {
      clearInterval(sampler);
    }
    if (answer) expect(answer).toEqual({ status: 413, message: "حجم برون‌بری بیش از ۶۴ مگابایت است." });
    // The body went to the disk as it arrived, up to the limit, rather than gathered in memory first.
    expect(onDisk).toBeGreaterThan(32 * MB);
    await expectDatabaseUnchanged(db, before);
    expect(leftovers()).toEqual([]);
  });

  test("an upload cut off midway leaves no file and changes nothing", async () => {
    const editor = await signedIn("editor");
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const controller = new AbortController();
    let pulls = 0;
    let seen: string[] = [];
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        pulls++;
        if (pulls < 5) return stream.enqueue(new TextEncoder().encode(`<rss>${" ".repeat(256 * 1024)}`));
        if (pulls > 5) return;
        // The server has the first chunks on its disk by now; then the sender goes away.
        await new Promise((resolve) => setTimeout(resolve, 300));
        seen = leftovers();
        controller.abort();
      },
    });
    await expect(
      fetch(`${site.url}/api/import/upload?kind=wordpress&name=cut.xml`, {
        method: "POST",
        headers: { Origin: site.url, Cookie: editor.cookieHeader },
        body,
        duplex: "half",
        signal: controller.signal,
      } as RequestInit),
    ).rejects.toThrow();
    expect(seen).toHaveLength(1);
    // The server notices the closed connection a moment later.
    for (let i = 0; i < 50 && leftovers().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leftovers()).toEqual([]);
    await expectDatabaseUnchanged(db, before);
  });

  test("a kind other than WordPress or Ghost, and an export nobody kept, are refused", async () => {
    const editor = await signedIn("editor");
    expect((await send(editor, new TextEncoder().encode("{}"), "medium")).status).toBe(400);
    const gone = await editor.post("/api/import/preview", { uploadId: 999, locales: {} });
    expect([gone.status, gone.body.message]).toEqual([404, "This export is no longer kept. Send it again."]);
    const progress = await editor.get<{ progress: unknown }>("/api/import/progress");
    expect([progress.status, progress.body.progress]).toEqual([200, null]);
  });
});

describe("an export kept as sent", () => {
  test("is read as the export it was sent as, even when its bytes begin as a packed one's: never unpacked", async () => {
    const editor = await signedIn("editor");
    const db = await getDb();
    const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.userName, "editor") }))!;
    // An upload kept before exports were kept as read: the member's bytes, which here are a packed export's.
    const packed = packExport({
      source: "wordpress",
      title: "never unpacked",
      baseUrl: "https://packed.example.com",
      authors: [],
      categories: [],
      tags: [],
      items: [],
      addresses: [],
      warnings: [],
    });
    const [row] = await db
      .insert(importUploads)
      .values({ userId: user.id, kind: "wordpress", name: "export.xml", data: Buffer.from(packed) })
      .returning({ id: importUploads.id, format: importUploads.format });
    expect(row!.format).toBe("raw");
    try {
      const before = await databaseFingerprint(db);
      const preview = await editor.post("/api/import/preview", { uploadId: row!.id, locales: {} });
      // Read by the WordPress reader, which refuses it: it is not an export as sent.
      expect([preview.status, preview.body.message]).toEqual([
        422,
        "The file is not UTF-8 text (line 1). Export it again from WordPress without editing it.",
      ]);
      await expectDatabaseUnchanged(db, before);
    } finally {
      await db.delete(importUploads).where(eq(importUploads.id, row!.id));
    }
  });
});

describe("categories come with permission to change the settings", () => {
  test("an editor who may publish but not change the settings imports into the site's categories, as the preview says", async () => {
    const editor = await signedIn("editor");
    const db = await getDb();
    const before = (await readAppConfigState(db)).config.categories;
    const uploaded = await editor.raw("POST", "/api/import/upload?kind=wordpress&name=export.xml", {
      body: new TextEncoder().encode(fullExport),
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(uploaded.status).toBe(201);
    const { uploadId, preview } = (await uploaded.json()) as { uploadId: number; preview: ImportPreview };
    expect(preview.categories.filter((c) => c.state === "new")).toEqual([]);
    const said = preview.problems.find((p) => p.message === "import.plan.categoriesNotAdded");
    expect(said?.values).toMatchObject({ to: before[0]!.name.fa });
    // Every item with a category goes to one the site has.
    const slugs = new Set(before.map((c) => c.slug));
    for (const item of preview.items) if (item.category) expect(slugs.has(item.category), item.title).toBe(true);
    const run = await editor.post("/api/import/run", { uploadId, locales: {} });
    expect(run.status).toBe(200);
    expect((await readAppConfigState(db)).config.categories).toEqual(before);
  });
});
