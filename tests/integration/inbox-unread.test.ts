/**
 * Unread messages on the dashboard's overview: gift wraps that reached the member's keys through the relay after
 * their inbox was last open are counted (never read: the server cannot), the inbox marks what has arrived as
 * read, other members' messages are not counted, and a flooded inbox shows "99+" without counting it all.
 */
import { eq } from "drizzle-orm";
import { wrapEvent } from "nostr-tools/nip17";
import type { Relay } from "nostr-tools/relay";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { nostrEvents, nostrTags, users } from "~/db/schema";
import { markMessagesRead, unreadMessages } from "~/nostr/inbox-unread.server";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { authenticatedRelay, giveMemberKey, plainWrap, relayUrl } from "../helpers/nostr";

const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
const server = serveSeededApp(async (db) => {
  for (const name of ["admin", "editor", "member"]) keys[name] = await giveMemberKey(db, name);
});

let relay: Relay;
beforeAll(async () => {
  relay = await authenticatedRelay(relayUrl(server.url), keys.editor!.secret);
});
afterAll(() => relay?.close());

/** The editor writes to `to` through the site's relay, as the inbox sends. */
async function write(to: string, text: string) {
  await relay.publish(wrapEvent(keys.editor!.secret, { publicKey: keys[to]!.pubkey }, text));
}

async function userId(userName: string) {
  const db = await getDb();
  const row = await db.select({ id: users.id }).from(users).where(eq(users.userName, userName)).get();
  return row!.id;
}

/** The unread card's figure on the overview as `client` sees it, or null when the card is not there. */
async function unreadCard(client: ApiClient): Promise<string | null> {
  const path = client.locale === "fa" ? "/manage" : "/en/manage";
  const response = await client.raw("GET", path);
  expect(response.status).toBe(200);
  const html = await response.text();
  const card = /data-testid="count-unread-messages"[\s\S]*?data-testid="count-value"[^>]*>([^<]*)</.exec(html);
  return card ? card[1]! : null;
}

describe("unread messages", () => {
  test("are counted from the relay's arrivals until the inbox has them, in the reader's digits", async () => {
    const admin = new ApiClient(server.url, "en");
    await admin.login("admin");
    expect(await unreadCard(admin)).toBe("0");

    await write("admin", "first");
    await write("admin", "second");
    await write("member", "not for the admin");
    expect(await unreadCard(admin)).toBe("2");
    const persian = new ApiClient(server.url, "fa");
    await persian.login("admin");
    expect(await unreadCard(persian)).toBe("۲");

    expect((await admin.post("/api/nostr/inbox-read")).status).toBe(200);
    expect(await unreadCard(admin)).toBe("0");
    await write("admin", "third");
    expect(await unreadCard(admin)).toBe("1");
    // The member's message stays theirs: counted for them, untouched by the admin's reading.
    expect(await unreadMessages(await getDb(), await userId("member"))).toEqual({ count: 1, more: false });
  });

  test("marking read needs a session and never goes backwards", async () => {
    const anonymous = new ApiClient(server.url, "en");
    expect((await anonymous.post("/api/nostr/inbox-read")).status).toBe(401);

    const db = await getDb();
    const id = await userId("member");
    await markMessagesRead(db, id);
    const read = await db.select({ seq: users.messagesReadSeq }).from(users).where(eq(users.id, id)).get();
    expect(read!.seq).toBeGreaterThan(0);
    // A later mark from a tab that saw less (here: a reader whose newest wrap is older) leaves the newer mark.
    await db
      .update(users)
      .set({ messagesReadSeq: read!.seq + 1000 })
      .where(eq(users.id, id));
    await markMessagesRead(db, id);
    const after = await db.select({ seq: users.messagesReadSeq }).from(users).where(eq(users.id, id)).get();
    expect(after!.seq).toBe(read!.seq + 1000);
  });

  test("stop counting past 99 and say 99+", async () => {
    const db = await getDb();
    // A flood written straight into the relay's store: the relay's own budgets would slow the test, not the count.
    for (let n = 0; n < 105; n++) {
      const wrap = plainWrap(keys.admin!.pubkey, 40);
      const row = await db
        .insert(nostrEvents)
        .values({ ...wrap, createdAt: wrap.created_at })
        .returning({ seq: nostrEvents.seq })
        .get();
      await db.insert(nostrTags).values({ eventSeq: row.seq, name: "p", value: keys.admin!.pubkey });
    }
    expect(await unreadMessages(db, await userId("admin"))).toEqual({ count: 99, more: true });
    const admin = new ApiClient(server.url, "en");
    await admin.login("admin");
    expect(await unreadCard(admin)).toBe("99+");
  });
});
