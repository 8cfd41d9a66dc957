/**
 * Nostr over HTTP: API calls signed with NIP-98 tokens (each refusal with its own message, and calls that
 * succeed as the key's member, with and without a body) and the NIP-05 names document.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import nodePath from "node:path";
import { eq } from "drizzle-orm";
import { getToken } from "nostr-tools/nip98";
import { finalizeEvent, type EventTemplate } from "nostr-tools/pure";
import { bytesToHex } from "nostr-tools/utils";
import { describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { devices, users } from "~/db/schema";
import { serveSeededApp } from "../helpers/app-server";
import { giveMemberKey, relayUrl, testKey } from "../helpers/nostr";

const root = nodePath.resolve(import.meta.dirname, "../..");
const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
const server = serveSeededApp(async (db) => {
  keys.admin = await giveMemberKey(db, "admin");
  keys.member = await giveMemberKey(db, "member");
  // A second browser of the member's: its key speaks for them too.
  const member = await db.select().from(users).where(eq(users.userName, "member")).get();
  keys.memberPhone = testKey("member's phone");
  await db.insert(devices).values({ pub: keys.memberPhone.pubkey, userId: member!.id, lastActivityAt: new Date() });
});

const sign = (secret: Uint8Array) => (template: EventTemplate) => finalizeEvent(template, secret);
const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64");

async function call(method: string, path: string, authorization: string | undefined, body?: string, locale = "en") {
  const response = await fetch(server.url + path, {
    method,
    headers: {
      "accept-language": locale,
      ...(authorization === undefined ? {} : { authorization }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, headers: response.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A token for `method` on `path`, built as a client would, with parts of the event overridable. */
function token(
  path: string,
  method: string,
  { secret = keys.admin!.secret, body, ...over }: Partial<EventTemplate> & { secret?: Uint8Array; body?: string } = {},
) {
  const tags = [
    ["u", server.url + path],
    ["method", method],
    ...(body ? [["payload", createHash("sha256").update(body).digest("hex")]] : []),
  ];
  const event = finalizeEvent(
    { kind: 27235, created_at: Math.floor(Date.now() / 1000), content: "", tags, ...over },
    secret,
  );
  return `Nostr ${b64(event)}`;
}

describe("NIP-98: signed API calls", () => {
  test("a valid token made by nostr-tools authenticates as the key's member", async () => {
    const authorization = await getToken(server.url + "/api/users/all", "GET", sign(keys.admin!.secret), true);
    const answer = await call("GET", "/api/users/all", authorization);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain('"userName":"member"');
    // Without it: no session, no access.
    expect((await call("GET", "/api/users/all", undefined)).status).toBe(401);
  });

  test("a call with a body needs the body's hash, and then changes what it says", async () => {
    const body = JSON.stringify({ firstName: "Momo", lastName: "Member", about: "Signed with my key" });
    const payload = { firstName: "Momo", lastName: "Member", about: "Signed with my key" };
    const authorization = await getToken(
      server.url + "/api/users/update-profile",
      "PUT",
      sign(keys.member!.secret),
      true,
      payload,
    );
    const answer = await call("PUT", "/api/users/update-profile", authorization, body);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ userName: "member", firstName: "Momo", about: "Signed with my key" });
  });

  test("a key of one of the member's browsers speaks for them", async () => {
    const answer = await call(
      "GET",
      "/api/_auth/session",
      token("/api/_auth/session", "GET", { secret: keys.memberPhone!.secret }),
    );
    expect(answer.body.user).toMatchObject({ userName: "member" });
  });

  const path = "/api/users/all";
  const cases: [string, () => string, string][] = [
    ["Missing token", () => "Nostr", "Missing token"],
    ["Invalid token (not base64 JSON)", () => `Nostr ${b64("hello there")}`, "Invalid token"],
    ["Invalid token (not an event)", () => `Nostr ${b64({ kind: 27235 })}`, "Invalid token"],
    [
      "signature invalid",
      () => {
        const event = JSON.parse(Buffer.from(token(path, "GET").slice(6), "base64").toString()) as { sig: string };
        event.sig = (event.sig[0] === "0" ? "1" : "0") + event.sig.slice(1);
        return `Nostr ${b64(event)}`;
      },
      "signature invalid",
    ],
    ["kind invalid", () => token(path, "GET", { kind: 1 }), "kind invalid"],
    [
      "created_at timestamp invalid",
      () => token(path, "GET", { created_at: Math.floor(Date.now() / 1000) - 61 }),
      "created_at timestamp invalid",
    ],
    ["url tag invalid", () => token("/api/roles/all", "GET"), "url tag invalid"],
    ["method tag invalid", () => token(path, "POST"), "method tag invalid"],
  ];
  test.each(cases)("%s", async (_name, make, message) => {
    const answer = await call("GET", path, make());
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(message);
    expect(answer.headers.get("www-authenticate")).toBe("Nostr");
  });

  test("the README's command-line example signs a call the site accepts", async () => {
    const readme = readFileSync(nodePath.join(root, "README.md"), "utf8");
    const script = /cat > sign-request\.mjs <<'JS'\n([\s\S]*?)\nJS\n/.exec(readme)?.[1];
    expect(script).toBeTruthy();
    const file = nodePath.join(root, `sign-request-${process.pid}.mjs`);
    writeFileSync(file, script!);
    try {
      const url = `${server.url}/api/users/update-profile`;
      const body = JSON.stringify({ firstName: "Sara", lastName: "Rahimi", about: "Writes from a script" });
      const header = execFileSync(process.execPath, [file, "PUT", url, body], {
        env: { ...process.env, NOSTR_SECRET_KEY: bytesToHex(keys.member!.secret) },
        encoding: "utf8",
      }).trim();
      const answer = await call("PUT", "/api/users/update-profile", header, body);
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ userName: "member", about: "Writes from a script" });
    } finally {
      rmSync(file, { force: true });
    }
  });

  test("payload tag does not match request body hash", async () => {
    const body = JSON.stringify({ firstName: "Evil", lastName: "Change", about: "Not what was signed" });
    const signedFor = JSON.stringify({ firstName: "Momo", lastName: "Member", about: "What was signed" });
    const answer = await call(
      "PUT",
      "/api/users/update-profile",
      token("/api/users/update-profile", "PUT", { secret: keys.member!.secret, body: signedFor }),
      body,
    );
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe("payload tag does not match request body hash");
    const row = await (await getDb()).select().from(users).where(eq(users.userName, "member")).get();
    expect(row?.firstName).not.toBe("Evil");
  });

  test("a key that is no member's is refused; in Persian the message keeps the English words", async () => {
    const stranger = testKey("stranger");
    const answer = await call("GET", path, token(path, "GET", { secret: stranger.secret }));
    expect(answer).toMatchObject({
      status: 401,
      body: { message: "This key does not belong to any member of this site." },
    });
    const fa = await call("GET", path, "Nostr", undefined, "fa");
    expect(fa.body.message).toContain("Missing token");
  });

  test("a member's token gives only that member's permissions", async () => {
    const answer = await call("GET", path, token(path, "GET", { secret: keys.member!.secret }));
    expect(answer.status).toBe(403);
  });
});

describe("NIP-05: names at the site's domain", () => {
  test("a member's name gives their key and the site's relay, for any origin", async () => {
    const response = await fetch(`${server.url}/.well-known/nostr.json?name=admin`, { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({
      names: { admin: keys.admin!.pubkey },
      relays: { [keys.admin!.pubkey]: [relayUrl(server.url)] },
    });
  });

  test("names are case-insensitive and answered in lower case", async () => {
    const doc = (await (await fetch(`${server.url}/.well-known/nostr.json?name=Member`)).json()) as { names: object };
    expect(doc.names).toEqual({ member: keys.member!.pubkey });
  });

  test("_ is the site's own key, the same as the relay's", async () => {
    const doc = (await (await fetch(`${server.url}/.well-known/nostr.json?name=_`)).json()) as { names: { _: string } };
    const info = (await (
      await fetch(`${server.url}/relay`, { headers: { Accept: "application/nostr+json" } })
    ).json()) as { self: string };
    expect(doc.names._).toBe(info.self);
    // Without a name the document lists no members, only the site.
    const bare = (await (await fetch(`${server.url}/.well-known/nostr.json`)).json()) as { names: object };
    expect(bare.names).toEqual({ _: info.self });
  });

  test("unknown names, members without a key and names NIP-05 does not allow give no names", async () => {
    for (const name of ["nobody", "editor", "a b", "%3Cscript%3E"]) {
      const doc = (await (await fetch(`${server.url}/.well-known/nostr.json?name=${name}`)).json()) as {
        names: object;
      };
      expect(doc.names).toEqual({});
    }
  });
});

describe("the contact page's terms", () => {
  test("name the site's owner (the first administrator) by the key they signed in with, the relay, and the proof of work it asks of visitors", async () => {
    const response = await fetch(`${server.url}/api/nostr/contact`, { headers: { "accept-language": "en" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      owner: { name: "Ava Admin", pubkey: keys.admin!.pubkey },
      relayUrl: relayUrl(server.url),
      powDifficulty: 13,
    });
  });
});
