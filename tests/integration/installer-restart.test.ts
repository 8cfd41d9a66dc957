import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { installClient, validAdmin } from "../helpers/install-client";
import { startSite, type SiteProcess } from "../helpers/site-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-restart-"));
let site: SiteProcess | undefined;
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a server restarted in the middle of the install resumes where it was, with the same token", async () => {
  site = await startSite({ DATA_DIR: dataDir });
  expect(site.output()).toContain("?setup=");
  const token = readFileSync(path.join(dataDir, "setup-token"), "utf8").trim();
  expect(site.output()).toContain(token);
  let api = installClient(site.url, dataDir);
  expect((await api.post("migrations-run")).status).toBe(200);
  expect((await api.post("database-loading")).status).toBe(200);
  await site.stop();

  site = await startSite({ DATA_DIR: dataDir });
  api = installClient(site.url, dataDir);
  expect(api.token()).toBe(token);
  const { body } = await api.get("database-connections");
  expect(body.progress).toEqual({
    connected: true,
    migrated: true,
    loaded: true,
    adminLoaded: false,
    installed: false,
  });
  expect((await api.post("admin-loading", validAdmin)).status).toBe(201);
  expect((await api.post("finish")).status).toBe(200);
  await site.stop();

  // Installed: the next start prints no installer address and makes no token.
  site = await startSite({ DATA_DIR: dataDir });
  expect(site.output()).not.toContain("?setup=");
  const home = await fetch(`${site.url}/en`);
  expect(await home.text()).not.toContain('data-testid="installer"');
}, 90_000); // Three server starts, each a process of its own.
