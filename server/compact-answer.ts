/**
 * JSON answers (the API's) compressed in one piece, in the encoding the request prefers, instead of as a stream:
 * the compression middleware hands each chunk to the thread pool and back through the event loop, and under load
 * each return waits behind every other request (decision 029). A JSON answer is already whole in memory; a small
 * one is compressed at once on the server's thread, a larger one in one call to the thread pool.
 */
import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from "node:zlib";
import { preferredEncoding } from "./accept-encoding";

/** Below this an answer is sent as it is: compressing would save less than the headers it adds weigh. */
const WORTH_COMPRESSING = 1024;
/** Up to this an answer is compressed on the server's thread (brotli: under 0.2 ms); above it, on the thread pool. */
const COMPRESSED_AT_ONCE = 16 * 1024;

const brotliOptions = (size: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

export interface CompactAnswer {
  body: Buffer;
  /** The Content-Encoding to send, none for an answer sent as it is. */
  encoding?: "br" | "gzip";
}

/**
 * The body of `response` as it should be sent to `req`, when it is a JSON answer not already encoded; undefined for
 * anything else (a page, a file, a stream of another type), which goes out as a stream as before. The API's JSON
 * is made whole in memory (`json()`), never streamed: a stream of records has a type of its own.
 */
export async function compactAnswer(req: IncomingMessage, response: Response): Promise<CompactAnswer | undefined> {
  if (!response.body || req.method === "HEAD") return undefined;
  if (!/^application\/json\s*(;|$)/i.test(response.headers.get("content-type") ?? "")) return undefined;
  if (response.headers.has("content-encoding")) return undefined;
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  if (encoding === "identity" || body.length < WORTH_COMPRESSING) return { body };
  if (encoding === "br") {
    const options = brotliOptions(body.length);
    const compressed =
      body.length <= COMPRESSED_AT_ONCE ? brotliCompressSync(body, options) : await brotliLater(body, options);
    return { body: compressed, encoding };
  }
  const compressed = body.length <= COMPRESSED_AT_ONCE ? gzipSync(body) : await gzipLater(body);
  return { body: compressed, encoding };
}
