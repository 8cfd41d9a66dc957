/**
 * An export as read, packed into bytes: what the reader's thread hands back and what an upload keeps, so an export
 * is read (XML, every post's HTML into markdown) once, when it is sent, and its preview and its run take it from
 * here. The bytes are V8's serialization (the one structured clone uses): the export's head (everything but its
 * items), then each item on its own, so unpacking goes a slice of items at a time and gives the event loop back
 * between slices, instead of holding the server's thread for the whole export at once.
 *
 * Unpacked, an item keeps its texts packed: its markdown and its comments (nine tenths of an export) are unpacked
 * from its bytes each time they are asked for, and let go after use, so the server holds the export as bytes (about
 * its size as sent) and one item's texts at a time, rather than every post and comment as strings and objects
 * (several times that: a 54 MB export took the server's thread past 800 MB while it was planned and written).
 *
 * Packed bytes begin with a mark, checked before unpacking. Whether an upload's bytes are packed is said by its
 * `format`, never by the mark: the bytes of an upload kept as sent are the member's, and may begin with anything.
 */
import { deserialize, serialize } from "node:v8";
import type { ExportedItem, ExportedSite } from "./model";

const MARK = Buffer.from("\0daftar-export-read-1\n");

/** Items unpacked between two turns of the event loop (100 posts with their comments: a few milliseconds). */
const SLICE = 100;

type Head = Omit<ExportedSite, "items"> & { items: number };

function framed(bytes: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

export function packExport(site: ExportedSite): Uint8Array {
  const { items, ...rest } = site;
  const head: Head = { ...rest, items: items.length };
  return Buffer.concat([MARK, framed(serialize(head)), ...items.map((item) => framed(serialize(item)))]);
}

/** Whether `bytes` are a packed export (not an export as sent). */
export function isPacked(bytes: Uint8Array): boolean {
  return bytes.byteLength >= MARK.length && MARK.equals(bytes.subarray(0, MARK.length));
}

export async function unpackExport(bytes: Uint8Array): Promise<ExportedSite> {
  if (!isPacked(bytes)) throw new Error("not a packed export");
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = MARK.length;
  const next = () => {
    const length = buffer.readUInt32BE(at);
    const value: unknown = deserialize(buffer.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return value;
  };
  const { items: count, ...rest } = next() as Head;
  const items: ExportedItem[] = [];
  while (items.length < count) {
    if (items.length > 0 && items.length % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    const length = buffer.readUInt32BE(at);
    items.push(itemKeptPacked(buffer.subarray(at + 4, at + 4 + length)));
    at += 4 + length;
  }
  return { ...rest, items };
}

/**
 * The item last unpacked whole: its markdown and its comments are usually asked for one after the other. Let go
 * on the next turn of the event loop, so it never keeps an export's bytes once nothing else does.
 */
let last: { bytes: Buffer; item: ExportedItem } | undefined;

function unpackedWhole(bytes: Buffer): ExportedItem {
  if (last?.bytes !== bytes) {
    if (!last) setImmediate(() => (last = undefined));
    last = { bytes, item: deserialize(bytes) as ExportedItem };
  }
  return last.item;
}

/** The item packed in `bytes`, its markdown and comments unpacked from them when asked for. */
function itemKeptPacked(bytes: Buffer): ExportedItem {
  const { markdown: _markdown, comments: _comments, ...light } = deserialize(bytes) as ExportedItem;
  return Object.defineProperties(light, {
    markdown: { enumerable: true, get: () => unpackedWhole(bytes).markdown },
    comments: { enumerable: true, get: () => unpackedWhole(bytes).comments },
  }) as ExportedItem;
}
