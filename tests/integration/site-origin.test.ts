/**
 * The site's origin comes from configuration, never from the request. Without SITE_URL (this file), the site
 * answers only on this machine's loopback names on its port: any other Host is refused (421, in both
 * languages) before a route, the document cache or the relay sees it, so a made-up Host can neither take a
 * cache slot nor be the address a signed request or a relay AUTH is checked against.
 */
import { connect } from "node:net";
import { createHash } from "node:crypto";
import { finalizeEvent } from "nostr-tools/pure";
import { describe, expect, test } from "vitest";
import { serveSeededApp } from "../helpers/app-server";
import { giveMemberKey, RawRelay } from "../helpers/nostr";
import { rawGet, rawRequest } from "../helpers/raw-http";

const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
const server = serveSeededApp(async (db) => {
  keys.admin = await giveMemberKey(db, "admin");
});
const port = () => new URL(server.url).port;

function nip98(url: string, method = "GET", body?: string) {
  const tags = [
    ["u", url],
    ["method", method],
    ...(body ? [["payload", createHash("sha256").update(body).digest("hex")]] : []),
  ];
  const event = finalizeEvent(
    { kind: 27235, created_at: Math.floor(Date.now() / 1000), content: "", tags },
    keys.admin!.secret,
  );
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString("base64")}`;
}

/** The status line and headers of a WebSocket upgrade to /relay sent with `host`. */
function upgradeWith(host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port()), "127.0.0.1", () => {
      socket.write(
        `GET /relay HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
    });
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
      if (text.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("error", reject);
  });
}

describe("without SITE_URL the site answers on this machine only", () => {
  test("made-up Hosts take no document cache slot: the site's own pages are still kept after them", async () => {
    for (let i = 0; i < 6; i++) {
      const answer = await rawGet(`${server.url}/en/about`, { host: `made-up-${i}.example` });
      expect(answer.status).toBe(421);
      expect(answer.headers["x-document-cache"]).toBeUndefined();
    }
    await rawGet(`${server.url}/en/about`);
    expect((await rawGet(`${server.url}/en/about`)).headers["x-document-cache"]).toBe("hit");
  });

  test("another Host is refused in both languages; loopback names on the port and the health check answer", async () => {
    const refused = await rawGet(`${server.url}/en/about`, { host: "evil.example" });
    expect(refused.status).toBe(421);
    expect(refused.body).toContain("This site does not answer at this address.");
    expect(refused.body).toContain("این سایت در این نشانی پاسخ نمی‌دهد.");
    expect((await rawGet(`${server.url}/en/about`, { host: "127.0.0.1:1" })).status).toBe(421);
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`, `LOCALHOST:${port()}`]) {
      const page = await rawGet(`${server.url}/en/about`, { host });
      expect(page.status, host).toBe(200);
    }
    // Canonical links name the loopback origin the page was asked at, never a made-up one.
    const local = await rawGet(`${server.url}/en/about`, { host: `localhost:${port()}` });
    expect(local.body).toContain(`http://localhost:${port()}/en/about`);
    expect((await rawGet(`${server.url}/healthz`, { host: "10.0.0.7:3000" })).status).toBe(200);
  });

  test("a signed request for a made-up host is refused, with that Host or the site's", async () => {
    const evil = `http://evil.example/api/users/all`;
    const withEvilHost = await rawRequest(server.url, "/api/users/all", {
      headers: { host: "evil.example", authorization: nip98(evil), "accept-language": "en" },
    });
    expect(withEvilHost.status).toBe(421);
    const withSiteHost = await rawRequest(server.url, "/api/users/all", {
      headers: { authorization: nip98(evil), "accept-language": "en" },
    });
    expect(withSiteHost.status).toBe(401);
    expect(JSON.parse(withSiteHost.body)).toMatchObject({ message: "url tag invalid" });
    // The same call signed for the site's own loopback origins works (each token once).
    for (const origin of [server.url, `http://localhost:${port()}`]) {
      const ok = await rawRequest(server.url, "/api/users/all", {
        headers: { authorization: nip98(`${origin}/api/users/all`), "accept-language": "en" },
      });
      expect(ok.status, origin).toBe(200);
    }
  });

  test("the relay refuses an upgrade for a made-up Host, and AUTH naming another relay", async () => {
    expect(await upgradeWith("evil.example")).toMatch(/^HTTP\/1\.1 421 /);
    expect(await upgradeWith(`127.0.0.1:${port()}`)).toMatch(/^HTTP\/1\.1 101 /);
    const relay = await RawRelay.open(server.url);
    try {
      const [, challenge] = await relay.next((m) => m[0] === "AUTH");
      const auth = (relayTag: string) =>
        finalizeEvent(
          {
            kind: 22242,
            created_at: Math.floor(Date.now() / 1000),
            content: "",
            tags: [
              ["relay", relayTag],
              ["challenge", String(challenge)],
            ],
          },
          keys.admin!.secret,
        );
      const elsewhere = auth("wss://evil.example/relay");
      relay.send(["AUTH", elsewhere]);
      expect((await relay.next((m) => m[0] === "OK" && m[1] === elsewhere.id))[2]).toBe(false);
      const here = auth(`ws://localhost:${port()}/relay`);
      relay.send(["AUTH", here]);
      expect((await relay.next((m) => m[0] === "OK" && m[1] === here.id))[2]).toBe(true);
    } finally {
      relay.socket.close();
    }
  });
});
