/**
 * The backup file: one gzip-compressed ustar archive whose first entry is `manifest.json`, followed by one entry
 * per part. The manifest names each part with its size and SHA-256, so a restore can check every byte before it
 * changes anything. Any tar reader can open the file; only Node built-ins are used.
 *
 *   manifest.json   { format: "daftar-backup", version: 1, created, parts: [{ name, file, bytes, sha256 }] }
 *   database.sqlite the database, a consistent SQLite snapshot
 *
 * Later parts (the content repository, media) are more entries listed in the manifest; a reader refuses a
 * manifest version it does not know instead of restoring half of it.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";

export const backupFormat = "daftar-backup";
export const backupVersion = 1;
const manifestName = "manifest.json";
const block = 512;

export interface BackupPart {
  /** What the part is ("database"). */
  name: string;
  /** Its entry in the archive. */
  file: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof backupFormat;
  version: number;
  /** ISO 8601, UTC. */
  created: string;
  parts: BackupPart[];
}

/** A backup that cannot be restored: damaged, truncated, or not a backup at all. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** SHA-256 and size of a file. */
export async function digestFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(block);
  const field = (offset: number, length: number, value: string) => header.write(value, offset, length, "ascii");
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, value.toString(8).padStart(length - 1, "0") + "\0");
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  field(0, 100, name);
  octal(100, 8, 0o600);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime.getTime() / 1000));
  field(148, 8, "        ");
  field(156, 1, "0");
  field(257, 8, "ustar\u000000");
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return header;
}

const padding = (size: number) => Buffer.alloc((block - (size % block)) % block);

/**
 * Writes the archive to `out`: the manifest, then each part's file (digested here, so the manifest states what
 * is really in the archive). Flushed to disk before it returns.
 */
export async function writeBackupArchive(
  out: string,
  created: Date,
  parts: { name: string; file: string; source: string }[],
): Promise<BackupManifest> {
  const listed: BackupPart[] = [];
  for (const part of parts) listed.push({ name: part.name, file: part.file, ...(await digestFile(part.source)) });
  const manifest: BackupManifest = {
    format: backupFormat,
    version: backupVersion,
    created: created.toISOString(),
    parts: listed,
  };

  async function* entries(): AsyncGenerator<Buffer> {
    const text = Buffer.from(JSON.stringify(manifest, null, 2) + "\n");
    yield tarHeader(manifestName, text.length, created);
    yield text;
    yield padding(text.length);
    for (const [index, part] of parts.entries()) {
      const { bytes } = listed[index]!;
      yield tarHeader(part.file, bytes, created);
      let written = 0;
      for await (const chunk of createReadStream(part.source) as AsyncIterable<Buffer>) {
        written += chunk.length;
        yield chunk;
      }
      if (written !== bytes) throw new Error(`${part.source} changed while it was archived`);
      yield padding(bytes);
    }
    yield Buffer.alloc(block * 2);
  }

  const sink: WriteStream = createWriteStream(out, { mode: 0o600 });
  await pipeline(Readable.from(entries()), createGzip(), sink);
  const handle = await open(out, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return manifest;
}

/** Where the reader puts one part's bytes. */
export interface PartSink {
  write(chunk: Buffer): Promise<void>;
  close(): Promise<void>;
}

/**
 * Reads a backup: checks the manifest, hands each part's bytes to the sink `open` gives for it, and checks each
 * part's size and SHA-256 against the manifest. Throws BackupError at the first problem; the caller discards
 * what its sinks received.
 */
export async function readBackupArchive(
  file: string,
  openPart: (part: BackupPart) => Promise<PartSink>,
): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const seen = new Set<string>();
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  // Bytes of zero padding after the last entry's data, still to skip.
  let skipPadding = 0;

  // The current entry: its header's size, what is left of it, and where it goes.
  let entry:
    { name: string; size: number; left: number; data: Buffer[]; sink?: PartSink; part?: BackupPart } | undefined;
  let hash = createHash("sha256");

  const finishEntry = async () => {
    const current = entry!;
    entry = undefined;
    if (current.name === manifestName) {
      manifest = parseManifest(Buffer.concat(current.data).toString("utf8"));
      return;
    }
    await current.sink!.close();
    const sha256 = hash.digest("hex");
    if (sha256 !== current.part!.sha256)
      throw new BackupError(`${current.name} is damaged: its checksum does not match`);
  };

  const startEntry = async (header: Buffer) => {
    if (!verifyHeaderChecksum(header)) throw new BackupError("not a backup file, or a damaged one (bad tar header)");
    const name = header.subarray(0, 100).toString("ascii").replace(/\0.*$/s, "");
    const size = parseInt(header.subarray(124, 136).toString("ascii").replace(/\0.*$/s, "").trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    if (!Number.isSafeInteger(size) || (type !== "0" && type !== "\0"))
      throw new BackupError(`unexpected entry ${name}`);
    if (!manifest) {
      if (name !== manifestName) throw new BackupError("not a Daftar backup: the manifest is not the first entry");
      if (size > 1_000_000) throw new BackupError("the manifest is too large");
      entry = { name, size, left: size, data: [] };
    } else {
      const part = manifest.parts.find((p) => p.file === name);
      if (!part || seen.has(name)) throw new BackupError(`unexpected entry ${name}`);
      if (part.bytes !== size) throw new BackupError(`${name} is damaged: its size does not match the manifest`);
      seen.add(name);
      hash = createHash("sha256");
      entry = { name, size, left: size, data: [], part, sink: await openPart(part) };
    }
    if (size === 0) await finishEntry();
  };

  const source = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (entry) {
          if (pending.length === 0) break;
          const take = Math.min(entry.left, pending.length);
          const piece = pending.subarray(0, take);
          pending = pending.subarray(take);
          entry.left -= take;
          if (entry.sink) {
            hash.update(piece);
            await entry.sink.write(piece);
          } else entry.data.push(Buffer.from(piece));
          if (entry.left > 0) break;
          skipPadding = (block - (entry.size % block)) % block;
          await finishEntry();
          continue;
        }
        if (skipPadding > 0) {
          const take = Math.min(skipPadding, pending.length);
          pending = pending.subarray(take);
          skipPadding -= take;
          if (skipPadding > 0) break;
        }
        if (pending.length < block) break;
        const header = pending.subarray(0, block);
        pending = pending.subarray(block);
        if (header.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        await startEntry(header);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the file cannot be read as a backup (${(error as Error).message})`);
  } finally {
    source.destroy();
  }
  if (!ended || entry) throw new BackupError("the backup is truncated");
  if (!manifest) throw new BackupError("not a Daftar backup: no manifest");
  const missing = manifest.parts.filter((part) => !seen.has(part.file));
  if (missing.length) throw new BackupError(`the backup lacks ${missing.map((part) => part.file).join(", ")}`);
  return manifest;
}
function verifyHeaderChecksum(header: Buffer): boolean {
  const stated = parseInt(header.subarray(148, 156).toString("ascii").replace(/\0.*$/s, "").trim(), 8);
  let sum = 0;
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return stated === sum;
}

function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupError("the manifest is not valid JSON");
  }
  if (value.format !== backupFormat) throw new BackupError("not a Daftar backup");
  if (value.version !== backupVersion) {
    throw new BackupError(
      `backup format version ${String(value.version)} is not supported (this version reads ${backupVersion})`,
    );
  }
  const valid =
    Array.isArray(value.parts) &&
    value.parts.every(
      (part) =>
        typeof part?.name === "string" &&
        typeof part.file === "string" &&
        Number.isSafeInteger(part.bytes) &&
        /^[0-9a-f]{64}$/.test(String(part.sha256)),
    );
  if (!valid || typeof value.created !== "string") throw new BackupError("the manifest is damaged");
  return value as BackupManifest;
}
