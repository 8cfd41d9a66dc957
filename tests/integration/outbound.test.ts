/**
 * The outbound module against a real DNS server on loopback (tests/helpers/dns-server.ts, named by
 * OUTBOUND_DNS_SERVERS) and real HTTP servers: names answering private addresses are refused before anything is
 * sent; public answers pass the check; the connection goes to exactly the address that was checked, however the
 * name answers the next time (rebinding); redirects are refused or checked like the first address; time and size
 * limits hold; and a failure is a generic reason, its details in the log only.
 *
 * No request leaves this machine: a public answer is shown to pass the check without connecting to it. To see
 * the connection made to the checked address, this file lets one loopback address, 127.0.0.2, stand for an allowed
 * one (OUTBOUND_ALLOW_PRIVATE and GIT_HOST_ALLOW_PRIVATE name it alone); 127.0.0.1 stands for every address that
 * is not allowed, and its listener must receive nothing.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { allowedDatabaseUrl } from "~/install/database-url.server";
import {
  allowedAddresses,
  checkUrl,
  closeOutboundConnections,
  fetchJson,
  fetchText,
  gitHttpClient,
  OutboundError,
  outboundFetch,
  outboundRequest,
} from "~/lib/outbound.server";
import { payEndpointUrl } from "~/nostr/zaps.server";
import { startDnsServer, type DnsServer } from "../helpers/dns-server";

let dns: DnsServer;
let allowed: Server;
let other: Server;
let forbidden: Server;
let port: number;
let otherPort: number;
let forbiddenConnections = 0;
const seenByOther: IncomingHttpHeaders[] = [];

function listen(server: Server, host: string, at = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(at, host, () => resolve((server.address() as { port: number }).port));
  });
}

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.OUTBOUND_DNS_SERVERS = dns.address;
  process.env.OUTBOUND_ALLOW_PRIVATE = "127.0.0.2/32";
  process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.2/32";
  delete process.env.INSTALL_ALLOW_PRIVATE_DATABASE;
  resetConfigForTests();

  allowed = createServer((req, res) => {
    const to = (location: string) => res.writeHead(302, { location }).end();
    switch (req.url) {
      case "/json":
        return res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      case "/redirect-same":
        return to("/json");
      case "/redirect-loopback":
        return to(`http://127.0.0.1:${port}/json`);
      case "/redirect-name":
        return to(`http://loopback.test:${port}/json`);
      case "/redirect-other":
        return to(`http://127.0.0.2:${otherPort}/echo`);
      case "/redirect-loop":
        return to("/redirect-loop");
      case "/big":
        res.writeHead(200, { "content-type": "application/json" });
        for (let i = 0; i < 300; i++) res.write(Buffer.alloc(1024, 0x20));
        return res.end();
      case "/big-declared":
        res.writeHead(200, { "content-length": String(50 * 1024 * 1024) });
        return res.write("{");
      case "/slow-body":
        res.writeHead(200, { "content-type": "application/json" });
        return res.write("{");
      case "/hang":
        return;
      case "/error":
        return res.writeHead(500, { "content-type": "text/plain" }).end("SECRET-STACK-TRACE at /srv/internal/app.js");
      default:
        return res.writeHead(404).end();
    }
  });
  port = await listen(allowed, "127.0.0.2");
  other = createServer((req, res) => {
    seenByOther.push(req.headers);
    res.writeHead(200, { "content-type": "application/json" }).end('{"other":true}');
  });
  otherPort = await listen(other, "127.0.0.2");
  // Everything else on the machine, on the same port: nothing may ever reach it.
  forbidden = createServer((_req, res) => res.writeHead(200).end('{"forbidden":true}'));
  forbidden.on("connection", () => forbiddenConnections++);
  await listen(forbidden, "127.0.0.1", port);
});

afterAll(async () => {
  closeOutboundConnections();
  for (const server of [allowed, other, forbidden]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  await dns?.close();
  for (const name of ["OUTBOUND_DNS_SERVERS", "OUTBOUND_ALLOW_PRIVATE", "GIT_HOST_ALLOW_PRIVATE"]) {
    delete process.env[name];
  }
  resetConfigForTests();
});

afterEach(() => {
  expect(forbiddenConnections, "a connection reached 127.0.0.1").toBe(0);
});

/** The OutboundError `work` fails with. */
async function failure(work: Promise<unknown>): Promise<OutboundError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe("names whose answers are not public are refused before anything is sent", () => {
  test.each([
    ["loopback.test", ["127.0.0.1"]],
    ["ten.test", ["10.0.0.1"]],
    ["metadata.test", ["169.254.169.254"]],
    ["cgnat.test", ["100.64.1.1"]],
    ["zero.test", ["0.0.0.0"]],
    ["v6-loopback.test", ["::1"]],
    ["v6-mapped.test", ["::ffff:127.0.0.1"]],
    ["v6-nat64.test", ["64:ff9b::7f00:1"]],
    ["v6-unique-local.test", ["fd00::1"]],
    ["mixed.test", ["93.184.216.34", "127.0.0.1"]],
  ])("%s → %s", async (name, addresses) => {
    dns.answer(name, addresses);
    const error = await failure(fetchText("visitor", `http://${name}:${port}/json`));
    expect(error.reason).toBe("notAllowed");
    expect(error.message).toBe("notAllowed");
    await expect(allowedAddresses(name, "gitHost")).rejects.toMatchObject({ reason: "notAllowed" });
  });

  test("addresses written in the URL are checked the same way, whatever their spelling", async () => {
    for (const url of [
      `http://127.0.0.1:${port}/json`,
      `http://2130706433:${port}/json`,
      `http://0x7f.1:${port}/json`,
      `http://[::ffff:127.0.0.1]:${port}/json`,
      `http://[::1]:${port}/json`,
    ]) {
      expect((await failure(fetchText("visitor", url))).reason, url).toBe("notAllowed");
    }
  });

  test("a name that does not resolve is unreachable", async () => {
    expect((await failure(fetchText("visitor", `http://nowhere.test:${port}/json`))).reason).toBe("unreachable");
  });
});

describe("public answers pass the check", () => {
  test("IPv4 and IPv6, by name or written in the URL (checked without connecting: nothing leaves this machine)", async () => {
    dns.answer("public4.test", ["93.184.216.34"]);
    dns.answer("public6.test", ["2606:4700:4700::1111"]);
    dns.answer("both.test", ["1.1.1.1", "2606:4700:4700::1001"]);
    expect(await allowedAddresses("public4.test", "visitor")).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(await allowedAddresses("public6.test", "visitor")).toEqual([{ address: "2606:4700:4700::1111", family: 6 }]);
    expect(await allowedAddresses("both.test", "gitHost")).toHaveLength(2);
    expect((await checkUrl("https://93.184.216.34/.well-known/nostr.json", "visitor")).hostname).toBe("93.184.216.34");
    expect((await checkUrl("https://[2606:4700:4700::1111]/", "visitor")).hostname).toBe("[2606:4700:4700::1111]");
    // What the services build: a lightning address's pay endpoint, an installer's libSQL server.
    dns.answer("wallet.test", ["140.82.112.3"]);
    const endpoint = await checkUrl(payEndpointUrl("sats@wallet.test", false), "visitor");
    expect(await allowedAddresses(endpoint.hostname, "visitor")).toEqual([{ address: "140.82.112.3", family: 4 }]);
    dns.answer("db.public.test", ["93.184.216.34"]);
    expect(await allowedDatabaseUrl("libsql://db.public.test")).toBe("libsql://db.public.test");
    expect(await allowedDatabaseUrl("http://93.184.216.34:8080")).toBe("http://93.184.216.34:8080");
    dns.answer("db.private.test", ["192.168.1.10"]);
    await expect(allowedDatabaseUrl("libsql://db.private.test")).rejects.toMatchObject({
      key: "install.error.privateDatabase",
    });
  });
});

describe("the connection goes to the address that was checked", () => {
  test("a name answering an allowed address, then 127.0.0.1 (rebinding): nothing ever reaches 127.0.0.1", async () => {
    dns.answer("rebind.test", (count) => (count === 1 ? ["127.0.0.2"] : ["127.0.0.1"]));
    expect(await fetchJson("visitor", `http://rebind.test:${port}/json`)).toEqual({ ok: true });
    // One question for the whole request: the check and the connection are one lookup.
    expect(dns.questions.filter((q) => q === "A rebind.test")).toHaveLength(1);
    // The name now answers 127.0.0.1: refused, and no connection is made there.
    expect((await failure(fetchJson("visitor", `http://rebind.test:${port}/json`))).reason).toBe("notAllowed");
    for (let i = 0; i < 5; i++) await fetchJson("visitor", `http://rebind.test:${port}/json`).catch(() => undefined);
  });

  test("the same holds for the fetch given to libraries and for git's client", async () => {
    dns.answer("rebind-lib.test", (count) => (count === 1 ? ["127.0.0.2"] : ["127.0.0.1"]));
    const fetch = outboundFetch("gitHost");
    expect(await (await fetch(`http://rebind-lib.test:${port}/json`)).json()).toEqual({ ok: true });
    const git = gitHttpClient("gitHost");
    for (let i = 0; i < 3; i++) {
      await fetch(`http://rebind-lib.test:${port}/json`).catch(() => undefined);
      await git.request({ url: `http://rebind-lib.test:${port}/json` }).catch(() => undefined);
    }
    dns.answer("loopback.test", ["127.0.0.1"]);
    expect((await failure(fetch(`http://loopback.test:${port}/json`))).reason).toBe("notAllowed");
    expect((await failure(git.request({ url: `http://loopback.test:${port}/json` }))).reason).toBe("notAllowed");
  });
});

describe("redirects", () => {
  test("a visitor's request follows none", async () => {
    const error = await failure(fetchText("visitor", `http://127.0.0.2:${port}/redirect-same`));
    expect(error.reason).toBe("redirect");
  });

  test("a git host's are followed when they pass the same check, and never to an address that does not", async () => {
    const same = await outboundRequest("gitHost", `http://127.0.0.2:${port}/redirect-same`);
    expect(same.status).toBe(200);
    expect(same.url).toBe(`http://127.0.0.2:${port}/json`);
    expect((await same.bytes()).toString()).toBe('{"ok":true}');

    dns.answer("loopback.test", ["127.0.0.1"]);
    for (const path of ["/redirect-loopback", "/redirect-name"]) {
      const error = await failure(outboundRequest("gitHost", `http://127.0.0.2:${port}${path}`));
      expect(error.reason, path).toBe("notAllowed");
    }
    expect((await failure(outboundRequest("gitHost", `http://127.0.0.2:${port}/redirect-loop`))).reason).toBe(
      "redirect",
    );
  });

  test("credentials are not carried to another origin", async () => {
    const answer = await outboundRequest("gitHost", `http://127.0.0.2:${port}/redirect-other`, {
      headers: { Authorization: "Bearer secret-token", Accept: "application/json" },
    });
    expect(answer.status).toBe(200);
    await answer.bytes();
    expect(seenByOther.at(-1)?.authorization).toBeUndefined();
    expect(seenByOther.at(-1)?.accept).toBe("application/json");
  });
});

describe("limits", () => {
  test("an answer that never comes, or stops half way, ends at the time limit", async () => {
    for (const path of ["/hang", "/slow-body"]) {
      const started = Date.now();
      const error = await failure(fetchText("visitor", `http://127.0.0.2:${port}${path}`, { timeoutMs: 300 }));
      expect(error.reason, path).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  test("more than the size limit is not read", async () => {
    expect((await failure(fetchText("visitor", `http://127.0.0.2:${port}/big`))).reason).toBe("tooLarge");
    const declared = await failure(fetchText("visitor", `http://127.0.0.2:${port}/big-declared`));
    expect(declared.reason).toBe("tooLarge");
    const small = await outboundFetch("gitHost", { maxBytes: 1000 })(`http://127.0.0.2:${port}/big`);
    expect((await failure(small.text())).reason).toBe("tooLarge");
  });

  test("plain http and credentials in the address are refused for visitors unless opted in", async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = "false";
    resetConfigForTests();
    try {
      expect((await failure(checkUrl("http://wallet.test/", "visitor"))).reason).toBe("badUrl");
      expect((await failure(checkUrl("ftp://wallet.test/", "visitor"))).reason).toBe("badUrl");
      expect((await checkUrl("http://abcdef.onion/", "visitor")).protocol).toBe("http:");
      expect((await failure(fetchText("visitor", `https://127.0.0.2:${port}/json`))).reason).toBe("notAllowed");
    } finally {
      process.env.OUTBOUND_ALLOW_PRIVATE = "127.0.0.2/32";
      resetConfigForTests();
    }
    expect((await failure(checkUrl("https://user:pass@wallet.test/", "gitHost"))).reason).toBe("badUrl");
  });
});

describe("what the caller is told", () => {
  test("a generic reason; the address, the status and the remote's words are in the log only", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const error = await failure(fetchText("visitor", `http://127.0.0.2:${port}/error`));
      expect(error.reason).toBe("status");
      expect(error.status).toBe(500);
      expect(error.message).toBe("status");
      expect(`${error}`).not.toContain("SECRET");

      dns.answer("loopback.test", ["127.0.0.1"]);
      const refused = await failure(
        fetchText("visitor", `http://loopback.test:${port}/json?secret=visitor-wrote-this`),
      );
      expect(refused.message).toBe("notAllowed");
      const logged = warn.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(logged).toContain(`127.0.0.2:${port}/error failed: status: answered 500`);
      expect(logged).toContain("loopback.test → 127.0.0.1 is loopback");
      expect(logged).not.toContain("visitor-wrote-this");
    } finally {
      warn.mockRestore();
    }
  });
});

describe("connections", () => {
  test("an answer given up before it is read lets its connection go at once, not at the time limit", async () => {
    closeOutboundConnections();
    const connections = () => new Promise<number>((resolve) => allowed.getConnections((_e, n) => resolve(n)));
    await expect.poll(connections).toBe(0);
    const answer = await outboundRequest("gitHost", `http://127.0.0.2:${port}/slow-body`);
    expect(await connections()).toBe(1);
    answer.cancel();
    // The git host's time limit is ten minutes: the connection must not wait for it.
    await expect.poll(connections, { timeout: 1000 }).toBe(0);
  });
});
