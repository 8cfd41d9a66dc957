import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import git from "isomorphic-git";
import { afterEach, beforeEach, expect, test } from "vitest";
import { gitFs } from "~/builds/git/git-fs.server";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "git-fs-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a write that fails half-way leaves neither a part of the file nor a temporary one", async () => {
  const file = path.join(dir, "object");
  async function* halfThenFail() {
    yield Buffer.from("first half");
    throw new Error("killed");
  }
  await expect(gitFs.promises.writeFile(file, halfThenFail())).rejects.toThrow("killed");
  expect(fs.readdirSync(dir)).toEqual([]);
});

test("a write replaces the file whole, and isomorphic-git reads back what it wrote through it", async () => {
  const file = path.join(dir, "ref");
  fs.writeFileSync(file, "old");
  await gitFs.promises.writeFile(file, "new");
  expect(fs.readFileSync(file, "utf8")).toBe("new");
  const gitdir = path.join(dir, "repo.git");
  await git.init({ fs: gitFs, gitdir, bare: true });
  const oid = await git.writeBlob({ fs: gitFs, gitdir, blob: Buffer.from("سلام") });
  const { blob } = await git.readBlob({ fs: gitFs, gitdir, oid });
  expect(Buffer.from(blob).toString("utf8")).toBe("سلام");
  expect(fs.readdirSync(path.join(gitdir, "objects", oid.slice(0, 2)))).toEqual([oid.slice(2)]);
});
