/**
 * A pack written while it is sent: the answer's stream asks for more only as the client takes it, and each time
 * gets the next piece of at most 64 KB, reading and compressing one object at a time. The server holds one
 * object (its bytes and their compressed form) per answer, never the pack; a client that stops reading for
 * `IDLE_MS` has its answer ended, and what it held let go.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { constants, deflate } from "node:zlib";
import { readObjectBytes, type Repo } from "./objects.server";
import { FLUSH, pktLine } from "./upload-pack.server";

const deflateAsync = promisify(deflate);

/** How long an answer waits for its client to take the next piece before it is ended. */
export const IDLE_MS = 30_000;

/** The most data one side-band pkt-line carries: 65 520 bytes in all, less the length and the band. */
const SIDE_BAND_DATA = 65_515;
/** Pieces of the pack without side-band: the same size, so no piece is large. */
const PIECE = 65_536;

const TYPE_CODES: Record<string, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };

/**
 * Whether a file is compressed already: the image formats the site stores (PNG, JPEG, GIF, WebP, AVIF). Those
 * are stored in the pack as they are (zlib's level 0): compressing them again costs time and saves nothing.
 */
function compressedAlready(body: Buffer): boolean {
  const at = (offset: number, text: string) => body.toString("latin1", offset, offset + text.length) === text;
  return (
    at(0, "\x89PNG") || at(0, "\xff\xd8\xff") || at(0, "GIF8") || (at(0, "RIFF") && at(8, "WEBP")) || at(4, "ftypavif")
  );
}

/** A pack entry's header: its type and size, seven bits at a time after the first four. */
function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}

export interface PackAnswerOptions {
  /** Sent first: the negotiation's acknowledgements. */
  preface: Buffer;
  /** Side band 1 for the pack (the client asked for side-band-64k or side-band). */
  sideBand: "side-band-64k" | "side-band" | null;
  /** Called once when the answer ends, however it ends. */
  onClose: () => void;
}

/** The answer to a request that said "done": its acknowledgements, then a pack of `objects`. */
export function packAnswer(
  repo: Repo,
  objects: readonly string[],
  options: PackAnswerOptions,
): ReadableStream<Uint8Array> {
  const hash = createHash("sha1");
  const dataSize = options.sideBand === "side-band" ? 995 : options.sideBand ? SIDE_BAND_DATA : PIECE;
  let stage: "header" | "objects" | "done" = "header";
  let next = 0;
  let pending: Buffer | null = null;
  let offset = 0;
  let closed = false;
  let idle: NodeJS.Timeout | undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(idle);
    pending = null;
    options.onClose();
  };

  /** Pack bytes to send next (hashed as they are made), or null once the trailer is out. */
  const produce = async (): Promise<Buffer | null> => {
    if (stage === "header") {
      stage = "objects";
      const header = Buffer.alloc(12);
      header.write("PACK", 0, "ascii");
      header.writeUInt32BE(2, 4);
      header.writeUInt32BE(objects.length, 8);
      hash.update(header);
      return header;
    }
    if (stage === "objects" && next < objects.length) {
      const oid = objects[next++]!;
      const read = await readObjectBytes(repo, oid);
      const body = read.object;
      const level = compressedAlready(body) ? constants.Z_NO_COMPRESSION : constants.Z_BEST_SPEED;
      const deflated = await deflateAsync(body, { level });
      const entry = Buffer.concat([entryHeader(TYPE_CODES[read.type]!, body.length), deflated]);
      hash.update(entry);
      return entry;
    }
    if (stage === "objects") {
      // The trailer: the SHA-1 of everything before it.
      stage = "done";
      return hash.digest();
    }
    return null;
  };

  /** Ends the answer if its client takes nothing more for IDLE_MS. */
  const armIdle = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    idle = setTimeout(() => {
      controller.error(new Error("The git client stopped reading"));
      close();
    }, IDLE_MS);
    idle.unref();
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(new Uint8Array(options.preface));
        armIdle(controller);
      },
      async pull(controller) {
        clearTimeout(idle);
        try {
          while (!pending || offset >= pending.length) {
            const made = await produce();
            if (closed) return;
            if (made === null) {
              if (options.sideBand) controller.enqueue(new Uint8Array(FLUSH));
              controller.close();
              close();
              return;
            }
            pending = made;
            offset = 0;
          }
          const piece = pending.subarray(offset, offset + dataSize);
          offset += piece.length;
          controller.enqueue(
            new Uint8Array(options.sideBand ? pktLine(Buffer.concat([Buffer.from([1]), piece])) : piece),
          );
          armIdle(controller);
        } catch (error) {
          console.error("Writing a pack for a git client failed:", error);
          controller.error(error);
          close();
        }
      },
      cancel() {
        close();
      },
    },
    { highWaterMark: 1 },
  );
}
