/**
 * The old site's uploads sent from the dashboard as a zip, for an export sent before: streamed to the data
 * folder, checked whole (names, links, sizes), refused with a message in the sender's language and nothing kept,
 * or kept until the import takes its images from it and then removed; another member's export is not theirs.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { config } from "~/config.server";
import { getDb } from "~/db/client.server";
import { commits } from "~/db/schema";
import { fullExport } from "../fixtures/import/wordpress-export";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";
import { picture } from "../helpers/images";
import { makeZip } from "../helpers/zip";

const site = serveSeededApp();
let gol: Buffer;

beforeAll(async () => {
  gol = await picture(320, 240);
});

/** What the data folder keeps of uploads zips. */
const kept = () => {
  try {
    return readdirSync(path.join(config().dataDir, "import-media"));
  } catch {
    return [];
  }
};

async function signedIn(userName: string, locale: "fa" | "en" = "en") {
  const client = new ApiClient(site.url, locale);
  await client.login(userName);
  return client;
}

async function sendExport(client: ApiClient): Promise<number> {
  const response = await client.raw("POST", "/api/import/upload?kind=wordpress&name=export.xml", {
    body: new TextEncoder().encode(fullExport),
    headers: { "Content-Type": "application/octet-stream" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uploadId: number }).uploadId;
}

async function sendZip(client: ApiClient, uploadId: number, zip: Uint8Array) {
  const response = await client.raw("POST", `/api/import/media?uploadId=${uploadId}`, {
    body: zip,
    headers: { "Content-Type": "application/zip" },
  });
  return { status: response.status, body: (await response.json()) as { files?: number; message?: string } };
}

describe("the uploads zip from the dashboard", () => {
  test("a zip that climbs out, or is no zip, is refused in the sender's language and nothing is kept", async () => {
    const editor = await signedIn("editor", "fa");
    const uploadId = await sendExport(editor);
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const climbing = makeZip([{ name: "uploads/../../etc/x.jpg", data: gol }]);
    expect(await sendZip(editor, uploadId, climbing)).toEqual({
      status: 400,
      body: {
        message: "نام «uploads/../../etc/x.jpg» در زیپ رسانه به بیرون از پوشهٔ بارگذاری‌ها می‌رسد؛ هیچ چیز وارد نشد.",
      },
    });
    expect((await sendZip(editor, uploadId, new TextEncoder().encode("not a zip"))).status).toBe(400);
    expect((await sendZip(editor, uploadId, new Uint8Array())).status).toBe(400);
    expect(kept()).toEqual([]);
    await expectDatabaseUnchanged(db, before);
  }, 120_000);

  test("another member's export, or none, is not theirs to add to", async () => {
    const editor = await signedIn("editor");
    const uploadId = await sendExport(editor);
    const admin = await signedIn("admin");
    const zip = makeZip([{ name: "uploads/2019/05/gol.jpg", data: gol }]);
    expect(await sendZip(admin, uploadId, zip)).toEqual({
      status: 404,
      body: { message: "This export is no longer kept. Send it again." },
    });
    expect((await sendZip(admin, 999_999, zip)).status).toBe(404);
    expect((await sendZip(await signedIn("member"), uploadId, zip)).status).toBe(403);
    expect(kept()).toEqual([]);
  }, 120_000);

  test("a zip is kept for its export, its images are imported from it, and it is removed after", async () => {
    const editor = await signedIn("editor");
    const first = await sendExport(editor);
    const zip = makeZip([
      { name: "wp-content/uploads/2019/05/gol.jpg", data: gol, deflate: true },
      { name: "wp-content/uploads/2019/05/notes.txt", data: new TextEncoder().encode("not a picture") },
    ]);
    expect(await sendZip(editor, first, zip)).toEqual({ status: 201, body: { files: 2 } });
    expect(kept()).toEqual([`${first}.zip`]);
    // A new export replaces the member's earlier one, and its zip goes with it.
    const uploadId = await sendExport(editor);
    expect(kept()).toEqual([]);
    expect((await sendZip(editor, uploadId, zip)).status).toBe(201);
    // Sent again: the later zip is the one kept.
    expect(await sendZip(editor, uploadId, zip)).toEqual({ status: 201, body: { files: 2 } });
    expect(kept()).toEqual([`${uploadId}.zip`]);

    const run = await editor.post<{
      report: { images: number; buildId: number; imageFailures: { address: string }[] };
    }>("/api/import/run", { uploadId, locales: {} });
    expect(run.status).toBe(200);
    // gol.jpg came from the zip; sea.jpg is not in it and stays a link.
    expect(run.body.report.images).toBe(1);
    expect(run.body.report.imageFailures.map((f) => f.address)).toContainEqual(expect.stringContaining("sea.jpg"));
    const db = await getDb();
    const images = await db
      .select({ path: commits.path })
      .from(commits)
      .where(eq(commits.buildId, run.body.report.buildId))
      .all()
      .then((rows) => rows.filter((row) => row.path.startsWith("media/")));
    expect(images.map((row) => row.path)).toEqual([expect.stringMatching(/^media\/[0-9a-f]{16}-gol\.jpg$/)]);
    expect(await db.select().from(commits).where(like(commits.path, "%sea.jpg")).all()).toEqual([]);
    // Imported: the export and its zip are gone.
    expect(kept()).toEqual([]);
  }, 120_000);
});
