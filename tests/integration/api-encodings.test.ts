/**
 * The API's JSON answers are sent whole, compressed in the encoding the request prefers: each decodes to the same
 * JSON as the answer sent without encoding, carries its length and `Vary: Accept-Encoding`, and one too small to
 * be worth compressing goes as it is.
 */
import { describe, expect, test } from "vitest";
import { serveSeededApp } from "../helpers/app-server";
import { decodedBody, wireRequest } from "../helpers/raw-http";

const server = serveSeededApp();
const search = "/api/search?q=git&locale=en";
const send = (path: string, acceptEncoding?: string) =>
  wireRequest(server.url, path, acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding });

describe("a JSON answer", () => {
  test("is the same JSON in brotli, gzip and none, chosen by Accept-Encoding, each with its own length", async () => {
    const plain = await send(search);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    // Large enough to be compressed: the precondition of the rest.
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const json = JSON.parse(decodedBody(plain)) as unknown;
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["identity", undefined],
      ["br;q=0, gzip;q=0", undefined],
    ] as const) {
      const answer = await send(search, accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.bytes.length);
      expect(String(answer.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(answer.headers["content-type"], accept).toMatch(/^application\/json/);
      expect(JSON.parse(decodedBody(answer)), accept).toEqual(json);
      if (encoding) expect(answer.bytes.length, accept).toBeLessThan(plain.bytes.length);
    }
  });

  test("too small to be worth compressing goes as it is", async () => {
    const answer = await send("/api/no/such/call", "br, gzip");
    expect(answer.status).toBe(404);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
    expect(JSON.parse(decodedBody(answer))).toHaveProperty("message");
  });

  test("a HEAD is answered as the GET would be, headers only", async () => {
    const answer = await wireRequest(server.url, search, { "accept-encoding": "br" }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
  });
});

test("a page is still compressed as a stream, by the same negotiation", async () => {
  const answer = await send("/en/no/such/page", "gzip");
  expect(answer.status).toBe(404);
  expect(answer.headers["content-encoding"]).toBe("gzip");
  expect(decodedBody(answer)).toMatch(/^<!DOCTYPE html>/i);
});
