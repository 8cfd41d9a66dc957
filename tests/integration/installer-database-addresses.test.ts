/**
 * The installer's libSQL server under the outbound module's rules, resolved through a DNS server of the test's own
 * (OUTBOUND_DNS_SERVERS): the operator allows one address, 127.0.0.1, where a real libSQL server runs. A name that
 * answers that address to the check and another one to the connection (rebinding) gets the private-address
 * message, and nothing reaches the other address; a `ws:` address of the allowed server works (spoken over HTTP,
 * so its connections are checked too).
 */
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSqld, type Sqld } from "../../scripts/sqld";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { startDnsServer, type DnsServer } from "../helpers/dns-server";
import { installClient } from "../helpers/install-client";

let dns: DnsServer;
let sqld: Sqld;
let server: TestServer;
let api: ReturnType<typeof installClient>;
let elsewhere: Server;
let reached = 0;

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.OUTBOUND_DNS_SERVERS = dns.address;
  process.env.INSTALL_ALLOW_PRIVATE_DATABASE = "127.0.0.1/32";
  sqld = await startSqld({ dbPath: path.join(process.env.DATA_DIR!, "installer-sqld") });
  // Another address on this machine, on the libSQL server's port: nothing may reach it.
  elsewhere = createServer((socket) => {
    reached++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => elsewhere.listen(sqld.port, "127.0.0.2", resolve));
  server = await startAppServer();
  api = installClient(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
  elsewhere?.close();
  await sqld?.stop();
  await dns?.close();
  delete process.env.OUTBOUND_DNS_SERVERS;
  delete process.env.INSTALL_ALLOW_PRIVATE_DATABASE;
});

test("a name that answers the allowed address to the check and another to the connection is refused", async () => {
  dns.answer("db.rebind.test", (count) => (count === 1 ? ["127.0.0.1"] : ["127.0.0.2"]));
  const answer = await api.post("database-connections", { url: `http://db.rebind.test:${sqld.port}` });
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({
    message:
      "That database server is on a private or local address. To use it, set INSTALL_ALLOW_PRIVATE_DATABASE=true and restart.",
  });
  expect(reached).toBe(0);
});

test("a ws: address of the allowed server is used, over HTTP, and its connections stay on the checked address", async () => {
  dns.answer("db.allowed.test", ["127.0.0.1"]);
  const url = `ws://db.allowed.test:${sqld.port}`;
  const answer = await api.post("database-connections", { url });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.database).toMatchObject({ connected: true, url });
  // The name moves elsewhere: the site keeps using the address it checked, or checks again; never goes there.
  dns.answer("db.allowed.test", ["127.0.0.2"]);
  for (let i = 0; i < 3; i++) await api.get("database-connections");
  expect(reached).toBe(0);
});
