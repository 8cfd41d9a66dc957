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
