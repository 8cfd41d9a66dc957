import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finalizeEvent, generateSecretKey } from "nostr-tools/pure";
import { afterAll, beforeAll, expect, test } from "vitest";
import { commentEventTemplate } from "~/keys/comment-event";
import { openDatabase } from "~/db/client.server";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-comments-load-"));
const dbUrl = `file:${path.join(dataDir, "daftar.db")}`;
let site: SiteProcess;
beforeAll(async () => {
  await seedDatabaseAt(dbUrl);
  // Clients come through a proxy that names them, as they would in production.
  site = await startSite({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
}, 60_000);
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("200 comments from 50 concurrent clients all arrive, none duplicated, none lost", async () => {
  const routePath = "/en/tuts/git-bisect";
  const clients = Array.from({ length: 50 }, (_, i) => ({ key: generateSecretKey(), address: `203.0.113.${i + 1}` }));
  const sent: string[] = [];
  const post = async (client: (typeof clients)[number], n: number) => {
    const body = `Comment ${n} from client ${client.address}: ${crypto.randomUUID()}`;
    sent.push(body);
    const event = finalizeEvent(commentEventTemplate(site.url + routePath, body), client.key);
    const response = await fetch(`${site.url}/api/comments/new`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client.address },
      body: JSON.stringify({ routePath, commentBody: body, event }),
    });
    return response.status;
  };
  // Every client sends its four comments one after another; the fifty clients run at the same time.
  const statuses = (
    await Promise.all(
      clients.map(async (client) => [
        await post(client, 1),
        await post(client, 2),
        await post(client, 3),
        await post(client, 4),
      ]),
    )
  ).flat();
  expect(statuses.filter((s) => s !== 201)).toEqual([]);

  const { client, db: _db } = await openDatabase(dbUrl);
  try {
    const rows = (await client.execute("select body, event_id from comments where route_path = ?", [routePath])).rows;
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.body)).size).toBe(200);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(200);
    expect(new Set(rows.map((r) => r.body))).toEqual(new Set(sent));
  } finally {
    client.close();
  }
}, 120_000);
