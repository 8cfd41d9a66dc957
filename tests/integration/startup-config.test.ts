import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { startSite } from "../helpers/site-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("the server refuses to start with a bad value, naming the variable and what is wrong", async () => {
  const start = startSite({ DATA_DIR: dataDir, SITE_URL: "daftar.example", GITHUB_CLIENT_ID: "only-the-id" });
  const message = await start.then(
    () => "started",
    (error: Error) => error.message,
  );
  expect(message).toContain("server exited with 1");
  expect(message).toContain("Daftar cannot start. Invalid configuration:");
  expect(message).toContain("SITE_URL must be an http(s) origin such as https://daftar.example");
  expect(message).toContain("GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET go together: GITHUB_CLIENT_SECRET is missing.");
  expect(message).not.toContain("listening");
});

test("the server warns at start-up about an https SITE_URL without TRUST_PROXY, and says what TRUST_PROXY=true means", async () => {
  for (const [env, warning] of [
    [{ SITE_URL: "https://daftar.example" }, "Warning: SITE_URL is https but TRUST_PROXY is not set"],
    [{ TRUST_PROXY: "true" }, "Warning: TRUST_PROXY=true is taken as one proxy in front of Daftar (TRUST_PROXY=1)"],
  ] as const) {
    const site = await startSite({ DATA_DIR: mkdtempSync(path.join(dataDir, "run-")), ...env });
    try {
      expect(site.output()).toContain(warning);
    } finally {
      await site.stop();
    }
  }
});

test("without SITE_URL the server says at start-up that it answers on this machine only; with it, it does not", async () => {
  for (const [env, said] of [
    [{}, true],
    [{ SITE_URL: "https://daftar.example", TRUST_PROXY: "1" }, false],
  ] as const) {
    const site = await startSite({ DATA_DIR: mkdtempSync(path.join(dataDir, "run-")), ...env });
    try {
      const port = new URL(site.url).port;
      const line = `SITE_URL is not set: Daftar answers only on this machine (http://localhost:${port}, http://127.0.0.1:${port}, http://[::1]:${port}) until SITE_URL is set to the site's public address.`;
      if (said) expect(site.output()).toContain(line);
      else expect(site.output()).not.toContain("SITE_URL is not set");
    } finally {
      await site.stop();
    }
  }
});
