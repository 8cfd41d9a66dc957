/**
 * The relay across instances: two app processes on one libSQL server (sqld), as behind a load balancer. A
 * client subscribed through instance A receives what is published through instance B, and a comment approved
 * through B, with no service but the database between them; a member's messaging key made through both at
 * once is one key.
 */
import path from "node:path";
import { wrapEvent, unwrapEvent } from "nostr-tools/nip17";
import type { Filter } from "nostr-tools/filter";
import * as nip49 from "nostr-tools/nip49";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { messagingKeys } from "~/db/schema";
import { keyProofTemplate } from "~/keys/key-proof";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { ApiClient } from "../helpers/api-client";
import { authenticatedRelay, giveMemberKey, relayUrl } from "../helpers/nostr";
import { seedDatabase } from "../helpers/seed";
import { sessionCookieFor } from "../helpers/sessions";
import { startSite, type SiteProcess } from "../helpers/site-process";

let sqld: Sqld;
let a: SiteProcess;
let b: SiteProcess;
let connection: DatabaseConnection;
const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
let moderatorCookie = "";

beforeAll(async () => {
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "nostr-cluster-sqld") });
  connection = await openDatabase(sqld.url);
  await seedDatabase(connection.db);
  for (const name of ["admin", "member"]) keys[name] = await giveMemberKey(connection.db, name);
  moderatorCookie = await sessionCookieFor(connection.db, "moderator");
  [a, b] = await Promise.all([startSite({ DATABASE_URL: sqld.url }), startSite({ DATABASE_URL: sqld.url })]);
}, 90_000);

afterAll(async () => {
  connection?.client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await sqld?.stop();
});

async function subscribe(relay: Relay, filter: Filter) {
  const received: Event[] = [];
  let eose = false;
  relay.subscribe([filter], { onevent: (e) => received.push(e), oneose: () => (eose = true) });
  // The first subscription of a fresh process waits for its follower to find where it starts: not what is timed.
  await expect.poll(() => eose, { timeout: 10_000 }).toBe(true);
  return received;
}

test("an event published through B reaches a subscriber on A within seconds", async () => {
  const onA = await Relay.connect(relayUrl(a.url));
  const onB = await Relay.connect(relayUrl(b.url));
  const received = await subscribe(onA, { kinds: [0], authors: [keys.member!.pubkey] });
  const event = finalizeEvent(
    { kind: 0, created_at: Math.floor(Date.now() / 1000), tags: [], content: '{"name":"member"}' },
    keys.member!.secret,
  );
  await onB.publish(event);
  // Stored (B has answered OK): from here the follower of A has about a second to deliver it.
  const started = Date.now();
  await expect.poll(() => received.map((e) => e.id), { timeout: 5000 }).toEqual([event.id]);
  // Usually about 0.2 s (the follower's period); a loaded libSQL server has been seen to take longer.
  expect(Date.now() - started).toBeLessThan(5000);
  onA.close();
  onB.close();
});

test("a message sent through B reaches its authenticated recipient on A", async () => {
  const onA = await authenticatedRelay(relayUrl(a.url), keys.admin!.secret);
  const received = await subscribe(onA, { kinds: [1059], "#p": [keys.admin!.pubkey] });
  // A member writes, authenticated as their key (members' messages need no proof of work).
  const onB = await authenticatedRelay(relayUrl(b.url), keys.member!.secret);
  await onB.publish(wrapEvent(keys.member!.secret, { publicKey: keys.admin!.pubkey }, "across instances"));
  await expect.poll(() => received.length, { timeout: 2000 }).toBe(1);
  expect(unwrapEvent(received[0]!, keys.admin!.secret).content).toBe("across instances");
  onA.close();
  onB.close();
});

test("a comment approved through B appears on A's relay", async () => {
  const onA = await Relay.connect(relayUrl(a.url));
  const received = await subscribe(onA, { kinds: [1111] });
  const response = await fetch(`${b.url}/api/comments/new`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: moderatorCookie },
    body: JSON.stringify({ routePath: "/en/notes/learning-slowly", commentBody: "Approved on B, seen on A" }),
  });
  expect(response.status).toBe(201);
  await expect.poll(() => received.map((e) => e.content), { timeout: 2000 }).toEqual(["Approved on B, seen on A"]);
  onA.close();
});

test("a messaging key made through A and B at once is one key, handed to both", async () => {
  const onA = new ApiClient(a.url);
  const onB = new ApiClient(b.url);
  // Encrypted before signing in: scrypt holds this process for a while.
  const made = (client: ApiClient) => {
    const secret = generateSecretKey();
    const body = {
      pubkey: getPublicKey(secret),
      ncryptsec: nip49.encrypt(secret, "a long messaging passphrase", 16),
      proof: finalizeEvent(keyProofTemplate(client.baseUrl, "messaging"), secret),
    };
    return () => client.post<{ key: { pubkey: string }; created: boolean }>("/api/nostr/messaging-key", body);
  };
  const sends = [made(onA), made(onB)];
  await Promise.all([onA.login("editor"), onB.login("editor")]);
  const answers = await Promise.all(sends.map((send) => send()));
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
  const rows = await connection.db.select().from(messagingKeys).all();
  expect(rows).toHaveLength(1);
  expect(answers.map((answer) => answer.body.key.pubkey)).toEqual([rows[0]!.pubkey, rows[0]!.pubkey]);
});
