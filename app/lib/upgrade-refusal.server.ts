/**
 * An HTTP answer to a WebSocket upgrade that is refused (wrong address, too many connections, not installed),
 * written on the raw socket, which then goes at once: ended politely, a socket stays open for as long as the
 * client keeps its own end open, so clients refused by the thousand could otherwise hold the server's file
 * descriptors. Only Node built-ins are used here: the HTTP front loads this file directly, outside the build.
 */
import type { Duplex } from "node:stream";

const reasons: Record<number, string> = {
  404: "Not Found",
  421: "Misdirected Request",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

export function refuseUpgrade(
  socket: Duplex,
  status: keyof typeof reasons,
  body = "",
  headers: Record<string, string> = {},
): void {
  const lines = Object.entries({
    Connection: "close",
    ...(body ? { "Content-Type": "text/plain; charset=utf-8" } : {}),
    ...headers,
    "Content-Length": String(Buffer.byteLength(body)),
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.once("finish", () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reasons[status]}\r\n${lines.join("")}\r\n${body}`);
}
