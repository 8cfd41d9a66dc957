/**
 * A signed request (NIP-98) is accepted once across instances: two instances of one site (one SITE_URL, one
 * libSQL server) are sent the same token at the same moment, and exactly one of them accepts it.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { finalizeEvent } from "nostr-tools/pure";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "~/db/client.server";
import { users } from "~/db/schema";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { testKey } from "../helpers/nostr";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";

const siteUrl = "https://daftar.example";
const key = testKey("admin's browser, two instances");
let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "replay-sqld") });
  await seedDatabaseAt(sqld.url);
  const connection = await openDatabase(sqld.url);
  try {
    await connection.db.update(users).set({ pub: key.pubkey }).where(eq(users.userName, "admin"));
  } finally {
    connection.client.close();
  }
  const env = { DATABASE_URL: sqld.url, SITE_URL: siteUrl, TRUST_PROXY: "1" };
  [a, b] = await Promise.all([startSite(env), startSite(env)]);
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

function token(path: string) {
  const event = finalizeEvent(
    {
      kind: 27235,
      created_at: Math.floor(Date.now() / 1000),
      content: "",
      tags: [
        ["u", siteUrl + path],
        ["method", "GET"],
        ["nonce", createHash("sha256").update(String(Math.random())).digest("hex")],
      ],
    },
    key.secret,
  );
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString("base64")}`;
}

test("the same token sent to both instances at once is accepted by exactly one", async () => {
  for (let round = 0; round < 5; round++) {
    const authorization = token("/api/users/all");
    const statuses = await Promise.all(
      [a, b].map(async (site) => {
        const response = await fetch(`${site.url}/api/users/all`, {
          headers: { authorization, "accept-language": "en" },
        });
        return response.status;
      }),
    );
    expect(statuses.sort(), `round ${round}`).toEqual([200, 401]);
  }
});
