/**
 * A real SMTP server on loopback for tests (smtp-server), whose messages are parsed with mailparser. `behaviour`
 * can be changed while it runs: accept, refuse every message (550), or hang (take the connection and never greet).
 * `tls` makes it a TLS server (implicit TLS) with the certificate given; `selfSignedCertificate` makes one.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** accept; refuse (550 to every recipient); hang (never greet); stall (take the message, never answer its end). */
export type Behaviour = "accept" | "refuse" | "hang" | "stall";

export interface TestSmtpServer {
  port: number;
  /** Every message taken, parsed, in arrival order. */
  received: ParsedMail[];
  /** Connections opened (a hanging server's too). */
  connections: number;
  /** How connections ended badly: a client's reset in the middle of a message, a refused certificate. */
  connectionErrors: Error[];
  behaviour: Behaviour;
  /** Resolves with the next message taken (or one already taken past `index`). */
  nextMessage(index?: number, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

export async function startSmtpServer(
  options: { tls?: { key: string; cert: string }; behaviour?: Behaviour; delayMs?: number } = {},
): Promise<TestSmtpServer> {
  const sockets = new Set<Socket>();
  const waiters: (() => void)[] = [];
  const state: TestSmtpServer = {
    port: 0,
    received: [],
    connections: 0,
    connectionErrors: [],
    behaviour: options.behaviour ?? "accept",
    async nextMessage(index = state.received.length, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (state.received.length <= index) {
        if (Date.now() > deadline) throw new Error(`no message ${index} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return state.received[index]!;
    },
    stop: async () => undefined,
  };
  const server = new SMTPServer({
    secure: options.tls !== undefined,
    key: options.tls?.key,
    cert: options.tls?.cert,
    authOptional: true,
    // Implicit TLS, or none at all: this server never offers STARTTLS.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(session, callback) {
      state.connections++;
      // A hanging server: the connection stays open and the greeting never comes.
      if (state.behaviour === "hang") return;
      callback();
    },
    onRcptTo(address, session, callback) {
      if (state.behaviour === "refuse") {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          state.received.push(parsed);
          waiters.splice(0).forEach((wake) => wake());
          // A stalling server has the whole message and never says it took it; a slow one says so late.
          if (state.behaviour === "stall") return;
          if (options.delayMs) setTimeout(() => callback(), options.delayMs);
          else callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Once listening, smtp-server reports one connection's end as an error of the whole server: a client that dies in
  // the middle of a message (a test kills an instance), or one that refuses this server's certificate. The tests
  // judge clients by what arrives; without a listener each such end would fail the test run (the listener that
  // waited for `listen` took only the first). They are kept for a test to read.
  server.on("error", (error: Error) => void state.connectionErrors.push(error));
  state.port = (server.server.address() as AddressInfo).port;
  state.stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

/** A self-signed certificate for "localhost" and 127.0.0.1, made with openssl for this test only. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "daftar-cert-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
