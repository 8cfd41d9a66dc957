import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A GET with exactly the given headers. Node's fetch sets its own Sec-Fetch-* headers, so tests that play a
 * browser navigation use this instead.
 */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { origin, pathname, search } = new URL(url);
  return rawRequest(origin, pathname + search, { headers });
}

/**
 * A request for `path` sent as written: fetch (and `new URL`) would resolve `..` segments before sending, while
 * a hostile client sends them as they are. `from`: the local address to send from (any of 127.0.0.0/8 reaches a
 * server on loopback), so one test can play clients at different addresses.
 */
export function rawRequest(
  origin: string,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
    from,
  }: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    // A connection of its own: a request the server refused without reading its body ends that connection.
    // Node sends a DELETE's body without a length unless told (the server would read it as the next request).
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const req = request(
      { hostname, port, path, method, headers: { ...length, ...headers }, agent: false, localAddress: from },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire, still encoded (fetch would decode it). */
  bytes: Buffer;
}

/** A request whose answer is kept as the bytes that came over the wire. */
export function wireRequest(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<WireAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A wire answer's body decoded as its Content-Encoding says (brotli, gzip or none). */
export function decodedBody(answer: WireAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.bytes).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.bytes).toString("utf8");
  if (encoding !== undefined) throw new Error(`unexpected Content-Encoding: ${String(encoding)}`);
  return answer.bytes.toString("utf8");
}
