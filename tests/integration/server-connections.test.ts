/**
 * The HTTP front's bounds on connections (`boundConnections`, applied by the production and development servers):
 * a client that stops reading an answer loses its connection once nothing has moved for the idle time, and past
 * the connection cap new connections are dropped.
 */
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { Readable } from "node:stream";
import { afterEach, expect, test } from "vitest";
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
