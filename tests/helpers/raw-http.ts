import { request } from "node:http";

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
