/**
 * The build's public files (`builtFiles`): served under the folder's own entries, whatever the spelling of the
 * name; every other address goes on to the app without a look at the disk.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { builtFiles } from "../../server/http";

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "daftar-built-files-"));
  writeFileSync(path.join(dir, "icon.svg"), "<svg/>");
  writeFileSync(path.join(dir, "a file.txt"), "spaced");
  mkdirSync(path.join(dir, "images"));
  writeFileSync(path.join(dir, "images", "logo.png"), "png");
  const app = express();
  app.use(builtFiles(dir, { index: false }));
  app.use((req, res) => void res.status(200).send(`app: ${req.path}`));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const text = async (address: string) => (await fetch(base + address)).text();

test("files of the build are served, in folders and with encoded names", async () => {
  expect(await text("/icon.svg")).toBe("<svg/>");
  expect(await text("/images/logo.png")).toBe("png");
  expect(await text("/a%20file.txt")).toBe("spaced");
});

test("other addresses reach the app, a file added after the start included", async () => {
  expect(await text("/notes/learning-slowly")).toBe("app: /notes/learning-slowly");
  expect(await text("/%E0%A4%A")).toBe("app: /%E0%A4%A");
  writeFileSync(path.join(dir, "later.txt"), "later");
  expect(await text("/later.txt")).toBe("app: /later.txt");
  // Under a folder of the build, a missing file is the app's too.
  expect(await text("/images/missing.png")).toBe("app: /images/missing.png");
});
