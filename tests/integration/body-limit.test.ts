/**
 * Request bodies are limited in the HTTP front, before any route reads them: a declared length over the limit is
 * refused at once, a chunked body is counted as it arrives and refused when it passes the limit. Either way the
 * answer is 413 in the caller's language and the connection is closed; memory does not grow with the body. A
 * compressed body (Content-Encoding gzip or deflate) is held to the same limit by what it decodes to.
 */
import { request } from "node:http";
import { deflateSync, gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { serveSeededApp } from "../helpers/app-server";

const server = serveSeededApp();

/** The JSON/form limit (server/body-limit.ts). */
const limit = 64 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A POST whose body is written in `chunks` (chunked unless `length` is given), as fast as the socket takes it.
 * Writing stops once the server answers; its answer is returned even if it closed the connection mid-body.
 */
function post(
  path: string,
  { chunks, length, headers = {} }: { chunks: Iterable<Buffer>; length?: number; headers?: Record<string, string> },
): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        hostname,
        port,
        path,
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(length === undefined ? { "transfer-encoding": "chunked" } : { "content-length": String(length) }),
          ...headers,
        },
      },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const iterator = chunks[Symbol.iterator]();
    const write = () => {
      while (!answered && !req.destroyed) {
        const next = iterator.next();
        if (next.done) return void req.end();
        if (!req.write(next.value)) return void req.once("drain", write);
      }
    };
    write();
  });
}

function* repeat(chunk: Buffer, times: number) {
  for (let i = 0; i < times; i++) yield chunk;
}

const kib = (n: number) => Buffer.alloc(n * 1024, "a");

describe("request body limit", () => {
  test("a declared Content-Length over the limit is refused before the body is read", async () => {
    const answer = await post("/api/auth/login", {
      chunks: [],
      length: 300 * 1024 * 1024,
      headers: { "accept-language": "en" },
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({ message: "The request is too large." });
  });

  test("a chunked body is refused once it passes the limit, in the caller's language", async () => {
    const answer = await post("/api/auth/login", { chunks: repeat(kib(16), 8) });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({ message: "حجم درخواست بیش از حد مجاز است." });
  });

  test("the limit holds for any path, page or API", async () => {
    for (const path of ["/", "/en/about", "/api/no/such/call", "/api/comments/new"]) {
      const answer = await post(path, { chunks: repeat(kib(16), 8), headers: { "accept-language": "en" } });
      expect(answer.status, path).toBe(413);
    }
  });

  test("a body just under the limit reaches the route", async () => {
    const body = JSON.stringify({ userName: "nobody", password: "x", padding: "p".repeat(limit - 200) });
    expect(Buffer.byteLength(body)).toBeLessThan(limit);
    for (const length of [Buffer.byteLength(body), undefined]) {
      const answer = await post("/api/auth/login", {
        chunks: [Buffer.from(body)],
        length,
        headers: { "accept-language": "en" },
      });
      // The login route answered (a wrong password), not the limit.
      expect(answer.status).toBe(401);
    }
  });

  test("a streamed 50 MB chunked body does not grow the process", async () => {
    let peak = process.memoryUsage().rss;
    const start = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const answer = await post("/api/auth/login", { chunks: repeat(kib(64), 800) });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(answer.status).toBe(413);
    expect(peak - start).toBeLessThan(30 * 1024 * 1024);
  });

  test("a compressed body is limited by what it decodes to, on any path", async () => {
    // 4 MB of spaces compress to about 4 KB.
    const json = Buffer.from(`{"userName":"nobody","password":"x","padding":"${" ".repeat(4 * 1024 * 1024)}"}`);
    for (const [encoding, body] of [
      ["gzip", gzipSync(json)],
      ["deflate", deflateSync(json)],
    ] as const) {
      expect(body.length).toBeLessThan(limit);
      for (const path of ["/api/auth/login", "/en/about", "/git/content.git/git-upload-pack"]) {
        for (const length of [body.length, undefined]) {
          const answer = await post(path, {
            chunks: [body],
            length,
            headers: { "content-encoding": encoding, "accept-language": "en" },
          });
          expect(answer.status, `${encoding} ${path}`).toBe(413);
          expect(JSON.parse(answer.body)).toEqual({ message: "The request is too large." });
        }
      }
    }
  });

  test("a compressed body within the limit reaches the route as what it decodes to", async () => {
    const json = Buffer.from(JSON.stringify({ userName: "nobody", password: "x" }));
    for (const [encoding, body] of [
      ["gzip", gzipSync(json)],
      ["deflate", deflateSync(json)],
    ] as const) {
      const answer = await post("/api/auth/login", {
        chunks: [body],
        headers: { "content-encoding": encoding, "accept-language": "en" },
      });
      // The login route read the JSON (a wrong password), not bytes it could not parse.
      expect(answer.status, encoding).toBe(401);
    }
  });

  test("a body that does not decode as its encoding says is refused", async () => {
    const answer = await post("/api/auth/login", {
      chunks: [Buffer.from("this is not gzip")],
      headers: { "content-encoding": "gzip", "accept-language": "en" },
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: "Invalid input" });
  });
});
