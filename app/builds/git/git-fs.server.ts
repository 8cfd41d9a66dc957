/**
 * The file system isomorphic-git writes repositories through: node's, except that a file is written whole or not
 * at all (written beside, then renamed over). isomorphic-git writes objects and refs in place and never rewrites
 * an object that exists, so a process killed mid-write would otherwise leave a truncated object that every later
 * read (a clone, the next publish) fails on; and a clone served while a publish writes could read half a file.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";

async function writeWhole(
  file: string,
  data: Parameters<typeof fs.promises.writeFile>[1],
  options?: fs.WriteFileOptions,
): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await fs.promises.writeFile(temporary, data, options);
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

export const gitFs = { ...fs, promises: { ...fs.promises, writeFile: writeWhole } };
