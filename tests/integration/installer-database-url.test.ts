/**
 * The installer's database URL can point only where the site's owner would put a database: a file inside the
 * data folder, or a server on a public address (private ones need INSTALL_ALLOW_PRIVATE_DATABASE=true). A
 * refusal is a message, never the driver's error text, so the installer cannot be used to probe a network.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { freePort } from "../../scripts/free-port";
import { installClient } from "../helpers/install-client";

let server: TestServer;
let api: ReturnType<typeof installClient>;
let listening: Server;
let openPort: number;
const outside = mkdtempSync(path.join(tmpdir(), "daftar-outside-"));
beforeAll(async () => {
  server = await startAppServer();
  api = installClient(server.url);
  // Something answering on loopback: a probe must not be able to tell it from a closed port.
  listening = createServer((socket) => socket.end("SSH-2.0-OpenSSH_9.6\r\n"));
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  openPort = (listening.address() as { port: number }).port;
});
afterAll(async () => {
  await server?.close();
  listening?.close();
  rmSync(outside, { recursive: true, force: true });
});

const dataDir = () => process.env.DATA_DIR!;
const configSaved = () => existsSync(path.join(dataDir(), "config.json"));
const fileMessage = "A database file must be inside the site's data folder (DATA_DIR), in a folder that exists.";
const privateMessage =
  "That database server is on a private or local address. To use it, set INSTALL_ALLOW_PRIVATE_DATABASE=true and restart.";

describe("file: URLs stay inside the data folder", () => {
  test.each([
    ["a relative path climbing out", () => "file:../escaped.db"],
    ["a path climbing out of the data folder", () => `file:${dataDir()}/../escaped.db`],
    ["an absolute path elsewhere", () => `file:${outside}/elsewhere.db`],
    ["a new folder elsewhere", () => `file:${outside}/new-folder/x.db`],
    ["a file URL elsewhere", () => `file://${outside}/x.db`],
    ["a folder inside that does not exist", () => `file:${dataDir()}/not-there/x.db`],
    ["the data folder itself", () => `file:${dataDir()}`],
  ])("%s is refused and nothing is created or saved", async (_name, url) => {
    const answer = await api.post("database-connections", { url: url() });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(fileMessage);
    expect(answer.body.reason).toBeUndefined();
    expect(existsSync(path.join(outside, "new-folder"))).toBe(false);
    expect(existsSync(path.join(dataDir(), "not-there"))).toBe(false);
    expect(existsSync(path.join(path.dirname(dataDir()), "escaped.db"))).toBe(false);
    expect(configSaved()).toBe(false);
  });

  test("a symbolic link out of the data folder is refused", async () => {
    symlinkSync(outside, path.join(dataDir(), "link"));
    symlinkSync(path.join(outside, "target.db"), path.join(dataDir(), "file-link.db"));
    for (const url of [`file:${dataDir()}/link/x.db`, `file:${dataDir()}/file-link.db`]) {
      const answer = await api.post("database-connections", { url });
      expect(answer.status, url).toBe(400);
      expect(answer.body.message).toBe(fileMessage);
    }
    expect(existsSync(path.join(outside, "x.db"))).toBe(false);
    expect(existsSync(path.join(outside, "target.db"))).toBe(false);
    expect(configSaved()).toBe(false);
  });
});

describe("servers on internal addresses are refused unless the operator allows them", () => {
  test("loopback, private, link-local and mapped addresses, open port or closed, get the same answer", async () => {
    const closed = await freePort();
    const urls = [
      `libsql://127.0.0.1:${openPort}?tls=0`,
      `libsql://127.0.0.1:${closed}?tls=0`,
      `http://localhost:${openPort}`,
      `http://[::1]:${openPort}`,
      `http://[::ffff:127.0.0.1]:${openPort}`,
      `http://[::ffff:7f00:1]:${openPort}`,
      `http://[64:ff9b::7f00:1]:${openPort}`,
      `http://2130706433:${openPort}`,
      `http://0x7f.1:${openPort}`,
      "http://[fec0::1]",
      `ws://127.1.2.3:${openPort}`,
      "http://169.254.169.254/latest/meta-data",
      "https://10.0.0.5:8080",
      "wss://192.168.1.1",
      "http://172.20.0.1",
      "http://0.0.0.0:8080",
    ];
    const answers = await Promise.all(urls.map((url) => api.post("database-connections", { url })));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, urls[i]).toBe(400);
      expect(answer.body, urls[i]).toEqual({ message: privateMessage });
    }
    expect(configSaved()).toBe(false);
  });

  test("the Persian answer says the same", async () => {
    const answer = await api.post("database-connections", { url: "http://127.0.0.1:1" }, { "accept-language": "fa" });
    expect(answer.body.message).toContain("INSTALL_ALLOW_PRIVATE_DATABASE=true");
  });

  test("a file inside the data folder still works", async () => {
    mkdirSync(path.join(dataDir(), "databases"));
    const url = `file:${path.join(dataDir(), "databases", "site.db")}`;
    const answer = await api.post("database-connections", { url });
    expect(answer.status).toBe(200);
    expect(answer.body.database).toMatchObject({ connected: true, url });
  });
});
