/**
 * The account's messaging key over the real API, relay and names document: made once per account (a second or
 * concurrent creation adopts the first), read by its owner only, refused to bad input (in the caller's
 * language, nothing changed) and to a session that has not proved its owner recently; disabled accounts get
 * nothing. Messages to the member are addressed to it everywhere the site says where to write, and the relay
 * keeps them and serves them to a connection authenticated as it.
 */
import { eq } from "drizzle-orm";
import { wrapEvent, unwrapEvent } from "nostr-tools/nip17";
import * as nip49 from "nostr-tools/nip49";
import { getToken } from "nostr-tools/nip98";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { messagingKeys, users } from "~/db/schema";
import { keyProofTemplate } from "~/keys/key-proof";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { authenticatedRelay, giveMemberKey, minedWrap, relayUrl } from "../helpers/nostr";
import { sessionCookieFor } from "../helpers/sessions";

const path = "/api/nostr/messaging-key";
const passphrase = "a long messaging passphrase";
const deviceKeys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
let staleCookie = "";
/**
 * Encrypted secrets, made before the server starts: scrypt holds this process (and the server in it) for about
 * a second each, which would outlast the keep-alive of the test's open connections. The first is checked to
 * open; the server cannot tell which secret an ncryptsec holds, so the other stands for every other key's.
 */
const encrypted: { secret: Uint8Array; ncryptsec: string }[] = [];
const server = serveSeededApp(async (db) => {
  for (const name of ["admin", "editor", "moderator", "member"]) deviceKeys[name] = await giveMemberKey(db, name);
  // A session that signed in with its password long ago (or not in this session): no recent proof.
  staleCookie = await sessionCookieFor(db, "moderator");
  for (let n = 0; n < 2; n++) {
    const secret = generateSecretKey();
    encrypted.push({ secret, ncryptsec: nip49.encrypt(secret, passphrase, 16) });
  }
});

interface Stored {
  pubkey: string;
  ncryptsec: string;
}

/** A new messaging key as the browser makes it: the secret encrypted under the passphrase, and its proof. */
function made(origin = server.url, first = false) {
  const secret = first ? encrypted[0]!.secret : generateSecretKey();
  return {
    secret,
    body: {
      pubkey: getPublicKey(secret),
      ncryptsec: encrypted[first ? 0 : 1]!.ncryptsec,
      proof: finalizeEvent(keyProofTemplate(origin, "messaging"), secret),
    },
  };
}

async function signedIn(userName: string, locale: "en" | "fa" = "en") {
  const client = new ApiClient(server.url, locale);
  await client.login(userName);
  return client;
}

const rowsOf = async (userName: string) => {
  const db = await getDb();
  const user = await db.select({ id: users.id }).from(users).where(eq(users.userName, userName)).get();
  return db.select().from(messagingKeys).where(eq(messagingKeys.userId, user!.id)).all();
};

describe("the messaging key endpoint", () => {
  test("is made once: the owner reads it back, a second key is not kept and the first is handed back", async () => {
    const admin = await signedIn("admin");
    expect((await admin.get<{ key: Stored | null }>(path)).body.key).toBeNull();
    const first = made(server.url, true);
    const created = await admin.post<{ key: Stored; created: boolean }>(path, first.body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ created: true, key: { pubkey: first.body.pubkey } });
    expect(created.headers.get("cache-control")).toBe("no-store");
    const read = await admin.get<{ key: Stored }>(path);
    expect(read.body.key).toEqual({ pubkey: first.body.pubkey, ncryptsec: first.body.ncryptsec });
    // The encrypted secret opens with the passphrase, in the browser; the server kept nothing it could read.
    expect(getPublicKey(nip49.decrypt(read.body.key.ncryptsec, passphrase))).toBe(first.body.pubkey);
    // Another browser of the same account makes its own: it adopts the first.
    const other = await signedIn("admin");
    const second = await other.post<{ key: Stored; created: boolean }>(path, made().body);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ created: false, key: { pubkey: first.body.pubkey } });
    expect(second.body.message).toContain("already had a messaging key");
    expect(await rowsOf("admin")).toHaveLength(1);
  });

  test("two creations at once end with one key, which both are handed", async () => {
    const editor = await signedIn("editor");
    const tabs = [made(), made(), made(), made()];
    const answers = await Promise.all(
      tabs.map((tab) => editor.clone().post<{ key: Stored; created: boolean }>(path, tab.body)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const kept = await rowsOf("editor");
    expect(kept).toHaveLength(1);
    for (const answer of answers) expect(answer.body.key.pubkey).toBe(kept[0]!.pubkey);
  });

  test("only the owner reads their key; without a session there is nothing", async () => {
    const member = await signedIn("member");
    expect((await member.get<{ key: Stored | null }>(path)).body.key).toBeNull();
    expect((await new ApiClient(server.url).get(path)).status).toBe(401);
    expect((await new ApiClient(server.url).post(path, made().body)).status).toBe(401);
  });

  test("bad input is refused in the caller's language and changes nothing", async () => {
    const member = await signedIn("member", "fa");
    const good = made();
    const damaged =
      good.body.ncryptsec.slice(0, 50) + (good.body.ncryptsec[50] === "q" ? "p" : "q") + good.body.ncryptsec.slice(51);
    const corrupt = await member.post(path, { ...good.body, ncryptsec: damaged });
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.issues?.[0]).toMatchObject({ path: "ncryptsec" });
    expect(corrupt.body.issues?.[0]?.message).toContain("NIP-49");
    expect(corrupt.body.issues?.[0]?.message).toMatch(/[\u0600-\u06FF]/);
    const huge = await member.post(path, { ...good.body, ncryptsec: "ncryptsec1" + "q".repeat(5000) });
    expect(huge.status).toBe(400);
    // A key the caller does not hold: its proof is another key's, or none.
    const stolen = await member.post(path, { ...good.body, pubkey: deviceKeys.admin!.pubkey });
    expect(stolen.status).toBe(403);
    const unproven = await member.post(path, { ...good.body, proof: undefined });
    expect(unproven.status).toBe(400);
    // A proof made for another site.
    const elsewhere = made("https://elsewhere.example");
    expect((await member.post(path, elsewhere.body)).status).toBe(403);
    expect(await rowsOf("member")).toEqual([]);
  });

  test("a session that has not proved its owner recently cannot set the key", async () => {
    const stale = new ApiClient(server.url);
    stale.cookies.set(staleCookie.split("=")[0]!, staleCookie.split("=").slice(1).join("="));
    // Signed in, so it reads: its own key (none yet).
    expect((await stale.get<{ key: Stored | null }>(path)).body.key).toBeNull();
    const refused = await stale.post(path, made().body);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe("proof");
    expect(await rowsOf("moderator")).toEqual([]);
  });

  test("a lost passphrase: a new key replaces the one named, and only that one", async () => {
    const member = await signedIn("member");
    const first = made();
    expect((await member.post(path, first.body)).status).toBe(201);
    const replacement = made();
    const replaced = await member.post<{ key: Stored; created: boolean }>(path, {
      ...replacement.body,
      replaces: first.body.pubkey,
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body.key.pubkey).toBe(replacement.body.pubkey);
    // A second replacement made from the first key (another tab, late) adopts the newer one instead.
    const late = await member.post<{ key: Stored; created: boolean }>(path, {
      ...made().body,
      replaces: first.body.pubkey,
    });
    expect(late.status).toBe(200);
    expect(late.body.key.pubkey).toBe(replacement.body.pubkey);
    expect((await rowsOf("member")).map((row) => row.pubkey)).toEqual([replacement.body.pubkey]);
  });

  test("a disabled account gets nothing", async () => {
    const moderator = await signedIn("moderator");
    const db = await getDb();
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.userName, "moderator"));
    try {
      expect((await moderator.get(path)).status).toBe(401);
      expect((await moderator.post(path, made().body)).status).toBe(401);
    } finally {
      await db.update(users).set({ disabledAt: null }).where(eq(users.userName, "moderator"));
    }
  });
});

describe("where the site says to write to a member", () => {
  let expected = "";
  beforeAll(async () => {
    const admin = await signedIn("admin");
    // The admin's key from the first test, or one made here when this block runs alone.
    const current = (await admin.get<{ key: Stored | null }>(path)).body.key;
    expected = current?.pubkey ?? (await admin.post<{ key: Stored }>(path, made().body)).body.key.pubkey;
  });

  test("the names document and the contact terms name the messaging key, not the browser's", async () => {
    const names = (await (await fetch(`${server.url}/.well-known/nostr.json?name=admin`)).json()) as {
      names: Record<string, string>;
    };
    expect(names.names.admin).toBe(expected);
    expect(expected).not.toBe(deviceKeys.admin!.pubkey);
    const contact = (await (await fetch(`${server.url}/api/nostr/contact`)).json()) as { owner: { pubkey: string } };
    expect(contact.owner.pubkey).toBe(expected);
    // A member without a messaging key is still written to at their identity key.
    const moderator = (await (await fetch(`${server.url}/.well-known/nostr.json?name=moderator`)).json()) as {
      names: Record<string, string>;
    };
    expect(moderator.names.moderator).toBe(deviceKeys.moderator!.pubkey);
  });
});

describe("the relay and the messaging key", () => {
  test("keeps a stranger's message to it and serves it only to a connection authenticated as it", async () => {
    const member = await signedIn("member");
    const mine = made();
    // The member's key, made now (an earlier test may have made one: this one replaces it).
    const current = (await member.get<{ key: Stored | null }>(path)).body.key;
    const saved = await member.post<{ key: Stored }>(path, {
      ...mine.body,
      ...(current ? { replaces: current.pubkey } : {}),
    });
    expect(saved.body.key.pubkey).toBe(mine.body.pubkey);

    // A stranger writes (with the proof of work the relay asks of non-members).
    const wrap = minedWrap(mine.body.pubkey, 200, 13);
    const open = await Relay.connect(relayUrl(server.url));
    await open.publish(wrap);
    open.close();

    // Another key of the member (the browser's) does not read it: wraps go to their recipient only.
    const asDevice = await authenticatedRelay(relayUrl(server.url), deviceKeys.member!.secret);
    expect(await stored(asDevice, mine.body.pubkey)).toEqual([]);
    asDevice.close();
    const asMessaging = await authenticatedRelay(relayUrl(server.url), mine.secret);
    expect((await stored(asMessaging, mine.body.pubkey)).map((e) => e.id)).toEqual([wrap.id]);

    // It reads the member's messages and nothing more: it signs no request for the account.
    const signed = await getToken(
      `${server.url}${path}`,
      "GET",
      (template) => finalizeEvent(template, mine.secret),
      true,
    );
    expect((await fetch(`${server.url}${path}`, { headers: { Authorization: signed } })).status).toBe(401);

    // A member writing with their messaging key is a member: no proof of work asked.
    const note = wrapEvent(mine.secret, { publicKey: deviceKeys.admin!.pubkey }, "From my messaging key");
    await asMessaging.publish(note);
    asMessaging.close();
    const admin = await authenticatedRelay(relayUrl(server.url), deviceKeys.admin!.secret);
    const found = await stored(admin, deviceKeys.admin!.pubkey);
    expect(found.map((e) => unwrapEvent(e, deviceKeys.admin!.secret).content)).toContain("From my messaging key");
    admin.close();
  });
});

function stored(relay: Relay, recipient: string): Promise<Event[]> {
  return new Promise((resolve, reject) => {
    const found: Event[] = [];
    const sub = relay.subscribe([{ kinds: [1059], "#p": [recipient] }], {
      onevent: (e) => found.push(JSON.parse(JSON.stringify(e)) as Event),
      oneose: () => {
        resolve(found);
        sub.close();
      },
      onclose: (reason) => reject(new Error(reason)),
    });
  });
}
