/**
 * The HTTP front's bounds on connections (`boundConnections`, applied by the production and development servers):
 * a client that stops reading an answer loses its connection once nothing has moved for the idle time, a
 * connection kept alive between requests lasts the keep-alive time it advertises (longer than the idle time of the
 * proxies in front), and past the connection cap new connections are dropped.
 */
import { Agent, createServer, request as httpRequest, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { Readable } from "node:stream";
import { afterEach, expect, test } from "vitest";
import express from "express";
import { limitBodies } from "../../server/body-limit";
import { boundConnections } from "../../server/http";

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const answerBytes = 1024 * 64 * 1024;

/** A server whose every answer is 64 MB, written as the client reads it. */
async function largeAnswers(bounds: Parameters<typeof boundConnections>[1]): Promise<number> {
  server = createServer((_req, res) => {
    let left = 1024;
    Readable.from(
      (function* () {
        while (left-- > 0) yield Buffer.alloc(64 * 1024, 97);
      })(),
    ).pipe(res);
  });
  boundConnections(server, bounds);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

function request(port: number): Socket {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => undefined);
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  return socket;
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()));

test("a client that stops reading an answer has its connection closed once it has been idle", async () => {
  const port = await largeAnswers({ idleMs: 500 });
  const socket = request(port);
  socket.pause();
  // The kernel's buffers fill at once; then nothing moves and the idle time runs out.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  let received = 0;
  socket.on("data", (chunk: Buffer) => (received += chunk.length));
  socket.resume();
  // What the buffers held arrives, then the end the server sent long ago: the rest of the answer never does.
  await closed(socket);
  expect(received).toBeLessThan(answerBytes / 4);
});

test("a client that reads keeps its connection however long the answer takes", async () => {
  const port = await largeAnswers({ idleMs: 500 });
  const socket = request(port);
  let received = 0;
  socket.on("data", (chunk: Buffer) => {
    received += chunk.length;
    // A slow reader: a pause shorter than the idle time after each chunk.
    socket.pause();
    setTimeout(() => socket.resume(), 20);
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(socket.destroyed).toBe(false);
  expect(received).toBeGreaterThan(0);
});

test("past the cap, new connections are dropped", async () => {
  const port = await largeAnswers({ idleMs: 60_000, maxConnections: 2 });
  const held = [request(port), request(port)];
  for (const socket of held) socket.pause();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const extra = request(port);
  await closed(extra);
  expect(held.every((socket) => !socket.destroyed)).toBe(true);
});

/**
 * A server of small answers behind the body limits; a POST to the import's preview, a route allowed a long silence
 * while it works, answers after `workMs`.
 */
async function smallAnswers(bounds: Parameters<typeof boundConnections>[1], workMs = 0): Promise<number> {
  const app = express();
  app.use(limitBodies());
  app.post("/api/import/preview", (_req, res) => void setTimeout(() => res.end("ok"), workMs));
  app.get("/", (_req, res) => void res.end("ok"));
  server = createServer(app);
  boundConnections(server, bounds);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

/** A request through `agent`: its answer's Keep-Alive header, and whether it went on a connection kept from before. */
function send(port: number, agent: Agent, method = "GET", path = "/") {
  return new Promise<{ keepAlive: string | string[] | undefined; reused: boolean }>((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path, method, agent }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve({ keepAlive: answer.headers["keep-alive"], reused: sent.reusedSocket }));
    });
    sent.on("error", reject);
    sent.end(method === "POST" ? "{}" : undefined);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("the keep-alive time is longer than a proxy's 60 s, and it is the one advertised", async () => {
  const port = await smallAnswers(undefined);
  expect(server!.keepAliveTimeout).toBeGreaterThan(60_000);
  const agent = new Agent({ keepAlive: true });
  try {
    expect((await send(port, agent)).keepAlive).toBe(`timeout=${server!.keepAliveTimeout / 1000}`);
  } finally {
    agent.destroy();
  }
});

test("a connection kept alive outlasts the idle time between requests, and is closed after its keep-alive time", async () => {
  // Two seconds: Node's client keeps no connection whose advertised time is a second or less.
  const port = await smallAnswers({ idleMs: 300, keepAliveMs: 2_000 }, 500);
  const agent = new Agent({ keepAlive: true });
  try {
    await send(port, agent);
    // Past the idle time, within the keep-alive time: the same connection answers.
    await pause(600);
    expect((await send(port, agent)).reused).toBe(true);
    // A route that worked longer than the idle time leaves the connection to the keep-alive time as well.
    expect((await send(port, agent, "POST", "/api/import/preview")).reused).toBe(true);
    await pause(600);
    expect((await send(port, agent)).reused).toBe(true);
    // Past the keep-alive time (and Node's one-second margin) the server has closed it: the next goes on a new one.
    await pause(3_500);
    expect((await send(port, agent)).reused).toBe(false);
  } finally {
    agent.destroy();
  }
});
