/**
 * The old site's uploads as a zip (WordPress's wp-content/uploads zipped, with or without its parent folders),
 * read where it lies: the central directory is read and checked whole before anything is imported, and each image
 * is decompressed alone when the import asks for it, so the zip is never unpacked, in memory or on the disk.
 *
 * A zip is refused whole, before the import writes anything, when it has more entries than `ZIP_LIMITS` allows,
 * declares more uncompressed bytes in all, has an entry larger than allowed or compressed past the ratio allowed
 * (a zip bomb), a name that climbs out (`..`, an absolute path, a drive,
 * a backslash, a NUL), a link, or encrypted entries. An entry is read no further than the size it declares
 * (its size and checksum are checked), and an image larger than an upload may be is never read.
 */
import { promisify } from "node:util";
import { crc32, inflateRaw } from "node:zlib";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { ServiceError } from "~/lib/service-error";
import { MAX_UPLOAD_BYTES } from "~/media/upload.server";
import { staysInside, type MediaRead, type MediaSource } from "./media-source.server";

export interface ZipLimits {
  /** Files and folders. A WordPress site of ten thousand images keeps about eight files of each (its sizes). */
  entries: number;
  /** What the entries may hold in all, uncompressed. */
  totalBytes: number;
  /** One entry, uncompressed: a video kept among the uploads (images past an upload's limit are never read). */
  entryBytes: number;
  /** Uncompressed to compressed: pictures hardly compress (JPEG, PNG, WebP are compressed already), text ~10. */
  ratio: number;
}

export const ZIP_LIMITS: ZipLimits = {
  entries: 100_000,
  totalBytes: 20 * 1024 ** 3,
  entryBytes: 1024 ** 3,
  ratio: 100,
};

/** Entries this small are not held to the ratio: their ratio says nothing about the zip's size. */
const RATIO_FROM_BYTES = 1024 * 1024;

export interface MediaZip extends MediaSource {
  /** Files the zip holds (folders aside). */
  readonly files: number;
  close(): void;
}

function refused(key: Parameters<typeof zipError>[0], vars?: Record<string, string | number>): never {
  throw zipError(key, vars);
}

function zipError(
  key:
    | "import.error.zipUnreadable"
    | "import.error.zipTooManyEntries"
    | "import.error.zipTooLarge"
    | "import.error.zipEntryTooLarge"
    | "import.error.zipBomb"
    | "import.error.zipBadName"
    | "import.error.zipLink"
    | "import.error.zipEncrypted",
  vars?: Record<string, string | number>,
): ServiceError {
  return new ServiceError(key === "import.error.zipTooLarge" ? 413 : 400, key, { vars });
}

/** A name as it may be shown: control characters replaced, long names cut. */
function shown(name: string): string {
  const clean = [...name].map((c) => (c < " " || c === "\u007f" ? "\uFFFD" : c)).join("");
  return clean.length > 120 ? `${clean.slice(0, 117)}…` : clean;
}

/** The entry's name: UTF-8 whatever the flag says (what zip tools write today; ASCII names read the same). */
function nameOf(entry: Entry): string {
  return new TextDecoder("utf-8").decode(entry.fileName as unknown as Buffer);
}

/** Unix mode bits kept in the upper half of the external attributes by zip tools on Unix. */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function isLink(entry: Entry): boolean {
  const madeOnUnix = entry.versionMadeBy >> 8 === 3;
  return madeOnUnix && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/** Where the uploads begin inside a name: after wp-content/uploads/ or content/images/ when the zip has them. */
const UPLOAD_ROOT = /^(?:.*\/)?(?:wp-content\/uploads|content\/images)\//;

/**
 * The folder every file of the zip sits in, when there is one and it is not a year of the uploads (a zip made of
 * the "uploads" folder holds "uploads/2019/05/x.jpg"; the importer asks for "2019/05/x.jpg").
 */
function commonFolder(names: readonly string[]): string {
  if (names.length === 0) return "";
  let parts = names[0]!.split("/").slice(0, -1);
  for (const name of names) {
    const own = name.split("/").slice(0, -1);
    let same = 0;
    while (same < parts.length && same < own.length && parts[same] === own[same]) same++;
    parts = parts.slice(0, same);
    if (parts.length === 0) return "";
  }
  const year = parts.findIndex((part) => /^\d{4}$/.test(part));
  if (year >= 0) parts = parts.slice(0, year);
  return parts.length ? `${parts.join("/")}/` : "";
}

const inflate = promisify(inflateRaw);

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error ? reject(zipError("import.error.zipUnreadable")) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, checked one by one as it is read (nothing is decompressed). */
function readEntries(zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Entry>();
    let total = 0;
    let count = 0;
    const fail = (error: unknown) => {
      zip.removeAllListeners("entry");
      reject(error instanceof ServiceError ? error : zipError("import.error.zipUnreadable"));
    };
    zip.on("error", fail);
    zip.on("end", () => resolve(files));
    zip.on("entry", (entry: Entry) => {
      try {
        if (++count > limits.entries) refused("import.error.zipTooManyEntries", { max: limits.entries });
        const name = nameOf(entry);
        const folder = name.endsWith("/");
        if (!staysInside(folder ? name.slice(0, -1) : name) || /^[a-z]:/i.test(name)) {
          refused("import.error.zipBadName", { name: shown(name) });
        }
        if (isLink(entry)) refused("import.error.zipLink", { name: shown(name) });
        if (entry.isEncrypted()) refused("import.error.zipEncrypted", { name: shown(name) });
        if (entry.uncompressedSize > limits.entryBytes) {
          refused("import.error.zipEntryTooLarge", {
            name: shown(name),
            max: Math.round(limits.entryBytes / 1024 ** 2),
          });
        }
        if (
          entry.uncompressedSize > RATIO_FROM_BYTES &&
          entry.uncompressedSize > limits.ratio * Math.max(entry.compressedSize, 1)
        ) {
          refused("import.error.zipBomb", { name: shown(name), ratio: limits.ratio });
        }
        total += entry.uncompressedSize;
        if (total > limits.totalBytes) {
          refused("import.error.zipTooLarge", { max: Math.max(1, Math.round(limits.totalBytes / 1024 ** 3)) });
        }
        if (!folder) files.set(name, entry);
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    if (zip.entryCount > limits.entries) {
      reject(zipError("import.error.zipTooManyEntries", { max: limits.entries }));
      return;
    }
    zip.readEntry();
  });
}

/** The entry's bytes as the zip keeps them (compressed or not), listened to from the callback on. */
function rawBytes(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Only a compressed entry may be asked for its compressed bytes (a stored one is them).
    const raw = entry.isCompressed() ? { decompress: false } : {};
    zip.openReadStream(entry, raw as never, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", reject);
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * The entry's bytes, or null when it is not what it declares (its size, its checksum) or unpacks past `max`.
 * Unpacked here, on zlib's threads, with the output bounded, rather than by the reader's stream, so every failure
 * is an answer and none a stream that never ends.
 */
async function entryBytes(zip: ZipFile, entry: Entry, max: number): Promise<Buffer | null> {
  // Deflate never grows data by more than a few bytes in 16 KB.
  if (entry.uncompressedSize > max || entry.compressedSize > max + (max >> 10) + 64) return null;
  const raw = await rawBytes(zip, entry);
  let bytes: Buffer;
  if (entry.compressionMethod === 0) bytes = raw;
  else if (entry.compressionMethod === 8) {
    try {
      bytes = await inflate(raw, { maxOutputLength: max });
    } catch {
      return null;
    }
  } else return null;
  return bytes.length === entry.uncompressedSize && crc32(bytes) === entry.crc32 >>> 0 ? bytes : null;
}

/**
 * Opens the zip at `file` and checks it whole (see the module's comment): refused with a ServiceError naming the
 * bound or the entry, else a media source reading the images from it. Call `close()` when the import is done.
 */
export async function openMediaZip(file: string, limits: ZipLimits = ZIP_LIMITS): Promise<MediaZip> {
  const zip = await openZip(file);
  let byName: Map<string, Entry>;
  try {
    byName = await readEntries(zip, limits);
  } catch (error) {
    zip.close();
    throw error;
  }
  const names = [...byName.keys()];
  const root = commonFolder(names.map((name) => name.replace(UPLOAD_ROOT, "")));
  const entries = new Map<string, Entry>();
  for (const [name, entry] of byName) {
    const inside = name.replace(UPLOAD_ROOT, "");
    // Names as one form of Unicode: a zip made on a Mac writes «آ» or «ئ» decomposed, the export composed.
    entries.set((inside.startsWith(root) ? inside.slice(root.length) : inside).normalize("NFC"), entry);
  }
  return {
    files: entries.size,
    close: () => zip.close(),
    async read(relative): Promise<MediaRead> {
      if (!staysInside(relative)) return { ok: false, reason: "refused" };
      const entry = entries.get(relative.normalize("NFC"));
      if (!entry) return { ok: false, reason: "missing" };
      let bytes: Buffer | null;
      try {
        bytes = await entryBytes(zip, entry, MAX_UPLOAD_BYTES);
      } catch {
        // The zip could not be read where the entry says it is: this image is not imported.
        return { ok: false, reason: "rejected" };
      }
      // Larger than an upload may be, or corrupt (bad data, a size or checksum that does not match).
      if (!bytes) return { ok: false, reason: "rejected" };
      return { ok: true, bytes, name: relative.split("/").pop()! };
    },
  };
}
