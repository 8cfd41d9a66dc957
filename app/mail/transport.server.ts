/**
 * One SMTP transaction: a composed message handed to the mail server. The server's address is checked by the
 * outbound module (`connectAddress`: public addresses unless the operator allowed others, SMTP_URL's any) and
 * the client connects to exactly that address, keeping the name for TLS. Every wait is bounded. A failure is a
 * `MailFailure` with a reason the dashboard may show; what the server said goes to the log only.
 */
import nodemailer from "nodemailer";
import { connectAddress, outboundErrorOf } from "~/lib/outbound.server";
import type { MailRoute } from "./smtp-settings.server";

export interface Envelope {
  messageId: string;
  to: string;
  fromName: string;
  subject: string;
  html: string;
  text: string;
  /** The message's language, for its Content-Language header. */
  language: string;
  /** An unsubscribe link: List-Unsubscribe with RFC 8058's one-click POST. */
  unsubscribe?: string;
}

/** Limits and trust for a delivery; tests shorten the waits and trust their own certificate. */
export interface DeliveryOptions {
  /** Connecting, the greeting, and any silence during the transaction (each). */
  timeoutMs?: number;
  /** Certificates (PEM) trusted beside the system's: tests only. */
  trust?: string[];
}

export type MailFailureReason =
  "refused" | "deferred" | "auth" | "tls" | "timeout" | "unreachable" | "notAllowed" | "noServer" | "other";

export class MailFailure extends Error {
  constructor(
    readonly reason: MailFailureReason,
    /** For the log only. */
    readonly detail: string,
  ) {
    super(reason);
    this.name = "MailFailure";
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** A connection (or a pool of them) to the route's server, for one message or many. */
export interface MailConnection {
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/**
 * Opens the route's server: the address is checked once, and with `pooled` up to that many connections are kept
 * open and reused for message after message (a pass of the outbox sends many), instead of one per message.
 */
export async function connect(
  route: MailRoute,
  options: DeliveryOptions = {},
  pooled?: number,
): Promise<MailConnection> {
  const { server } = route;
  let address: string;
  try {
    address = await connectAddress(server.host, route.owner === "operator" ? "operator" : "mailHost");
  } catch (error) {
    const reason = outboundErrorOf(error)?.reason;
    throw new MailFailure(reason === "notAllowed" ? "notAllowed" : "unreachable", String(error));
  }
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tls = { servername: server.host, minVersion: "TLSv1.2" as const, ...(options.trust && { ca: options.trust }) };
  const transport = nodemailer.createTransport({
    ...(pooled && { pool: true as const, maxConnections: pooled, maxMessages: 500 }),
    host: address,
    port: server.port,
    secure: server.security === "tls",
    requireTLS: server.security === "starttls",
    ignoreTLS: server.security === "none",
    servername: server.host,
    tls,
    auth: server.user ? { user: server.user, pass: server.password } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
  return {
    async send(envelope) {
      try {
        await transport.sendMail({
          messageId: envelope.messageId,
          from: { name: envelope.fromName, address: route.from.address },
          to: envelope.to,
          subject: envelope.subject,
          html: envelope.html,
          text: envelope.text,
          headers: {
            "Content-Language": envelope.language,
            "Auto-Submitted": "auto-generated",
            ...(envelope.unsubscribe && {
              "List-Unsubscribe": `<${envelope.unsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }),
          },
        });
      } catch (error) {
        throw failureOf(error);
      }
    },
    close: () => transport.close(),
  };
}

function failureOf(error: unknown): MailFailure {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const detail = `${e?.code ?? "error"}${e?.responseCode ? ` ${e.responseCode}` : ""}: ${String(e?.message ?? error).split("\n")[0]}`;
  if (e?.code === "EAUTH") return new MailFailure("auth", detail);
  if (e?.code === "ETLS") return new MailFailure("tls", detail);
  if (e?.responseCode && e.responseCode >= 500) return new MailFailure("refused", detail);
  if (e?.responseCode && e.responseCode >= 400) return new MailFailure("deferred", detail);
  if (e?.code === "ETIMEDOUT") return new MailFailure("timeout", detail);
  if (/certificate|self[- ]signed|tls|ssl/i.test(detail)) return new MailFailure("tls", detail);
  if (e?.code === "ECONNECTION" || e?.code === "ESOCKET" || e?.code === "EDNS") {
    return new MailFailure("unreachable", detail);
  }
  return new MailFailure("other", detail);
}
