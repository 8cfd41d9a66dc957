/**
 * The old site's uploads as a zip (WordPress's wp-content/uploads zipped, with or without its parent folders),
 * read where it lies: the central directory is read and checked whole before anything is imported, and each image
 * is decompressed alone when the import asks for it, so the zip is never unpacked, in memory or on the disk.
 *
 * A zip is refused whole, before the import writes anything, when it has more entries than `MAX_ZIP_ENTRIES`,
 * declares more than `MAX_ZIP_TOTAL_BYTES` uncompressed, has an entry larger than `MAX_ZIP_ENTRY_BYTES` or
 * compressed more than `MAX_ZIP_RATIO` to one (a zip bomb), a name that climbs out (`..`, an absolute path, a drive,
 * a backslash, a NUL), a link, or encrypted entries. An entry is read no further than the size it declares
 * (the reader checks that it holds exactly that), and an image larger than an upload may be is never read.
 */
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { ServiceError } from "~/lib/service-error";
import { MAX_UPLOAD_BYTES } from "~/media/upload.server";
import { staysInside, type MediaRead, type MediaSource } from "./media-source.server";

/** A WordPress site of ten thousand images keeps about eight files of each (its sizes): 80,000 entries. */
export const MAX_ZIP_ENTRIES = 100_000;
/** What the entries may hold in all, uncompressed. */
export const MAX_ZIP_TOTAL_BYTES = 20 * 1024 ** 3;
/** One entry, uncompressed: a video kept among the uploads; images past an upload's limit are never read. */
export const MAX_ZIP_ENTRY_BYTES = 1024 ** 3;
/** Pictures hardly compress (JPEG, PNG, WebP are compressed already); a text may reach 10 to one. */
export const MAX_ZIP_RATIO = 100;
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
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "\uFFFD");
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
function readEntries(zip: ZipFile): Promise<Map<string, Entry>> {
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
        if (++count > MAX_ZIP_ENTRIES) refused("import.error.zipTooManyEntries", { max: MAX_ZIP_ENTRIES });
        const name = nameOf(entry);
        const folder = name.endsWith("/");
        if (!staysInside(folder ? name.slice(0, -1) : name) || /^[a-z]:/i.test(name)) {
          refused("import.error.zipBadName", { name: shown(name) });
        }
        if (isLink(entry)) refused("import.error.zipLink", { name: shown(name) });
        if (entry.isEncrypted()) refused("import.error.zipEncrypted", { name: shown(name) });
        if (entry.uncompressedSize > MAX_ZIP_ENTRY_BYTES) {
          refused("import.error.zipEntryTooLarge", {
            name: shown(name),
            max: Math.round(MAX_ZIP_ENTRY_BYTES / 1024 ** 2),
          });
        }
        if (
          entry.uncompressedSize > RATIO_FROM_BYTES &&
          entry.uncompressedSize > MAX_ZIP_RATIO * Math.max(entry.compressedSize, 1)
        ) {
          refused("import.error.zipBomb", { name: shown(name), ratio: MAX_ZIP_RATIO });
        }
        total += entry.uncompressedSize;
        if (total > MAX_ZIP_TOTAL_BYTES) {
          refused("import.error.zipTooLarge", { max: Math.round(MAX_ZIP_TOTAL_BYTES / 1024 ** 3) });
        }
        if (!folder) files.set(name, entry);
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      reject(zipError("import.error.zipTooManyEntries", { max: MAX_ZIP_ENTRIES }));
      return;
    }
    zip.readEntry();
  });
}

function readStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/**
 * Opens the zip at `file` and checks it whole (see the module's comment): refused with a ServiceError naming the
 * bound or the entry, else a media source reading the images from it. Call `close()` when the import is done.
 */
export async function openMediaZip(file: string): Promise<MediaZip> {
  const zip = await openZip(file);
  let byName: Map<string, Entry>;
  try {
    byName = await readEntries(zip);
  } catch (error) {
    zip.close();
    throw error;
  }
  const names = [...byName.keys()];
  const root = commonFolder(names.map((name) => name.replace(UPLOAD_ROOT, "")));
  const entries = new Map<string, Entry>();
  for (const [name, entry] of byName) {
    const inside = name.replace(UPLOAD_ROOT, "");
    entries.set(inside.startsWith(root) ? inside.slice(root.length) : inside, entry);
  }
  return {
    files: entries.size,
    close: () => zip.close(),
    async read(relative): Promise<MediaRead> {
      if (!staysInside(relative)) return { ok: false, reason: "refused" };
      const entry = entries.get(relative) ?? entries.get(relative.normalize("NFC"));
      if (!entry) return { ok: false, reason: "missing" };
      if (entry.uncompressedSize > MAX_UPLOAD_BYTES) return { ok: false, reason: "rejected" };
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of await readStream(zip, entry)) {
          size += (chunk as Buffer).length;
          // The reader already stops an entry past its declared size; this holds even if it did not.
          if (size > MAX_UPLOAD_BYTES) return { ok: false, reason: "rejected" };
          chunks.push(chunk as Buffer);
        }
      } catch {
        // A corrupt entry (bad data, a size or checksum that does not match): this image is not imported.
        return { ok: false, reason: "rejected" };
      }
      return { ok: true, bytes: Buffer.concat(chunks, size), name: relative.split("/").pop()! };
    },
  };
}
