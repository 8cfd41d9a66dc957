/**
 * Database failures that are the storage's state rather than a bug: the database cannot be reached (a libSQL
 * server that is down, a database file whose volume is missing), is full, or refuses writes. Callers answer
 * these with a clear 503/507 in the reader's language instead of an internal error.
 */
import { OutboundError } from "~/lib/outbound.server";

export type DatabaseFault = "unreachable" | "full" | "readOnly";

/** Opening the connection failed: the database is not there (see connection()). */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super("The database cannot be reached", { cause });
    this.name = "DatabaseUnreachableError";
  }
}

const networkCodes =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|UND_ERR_\w+)$/;

/** What kind of storage fault `error` is (looking through wrapped causes), or undefined for anything else. */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  let current = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = `${String(code ?? "")} ${String(message ?? "")}`;
    if (/SQLITE_FULL|database or disk is full/i.test(text)) return "full";
    if (/SQLITE_READONLY|readonly database|SQLITE_IOERR_WRITE/i.test(text)) return "readOnly";
    if (current instanceof DatabaseUnreachableError) return "unreachable";
    // A libSQL server is spoken to through the outbound module: its connection failures are its own errors.
    if (current instanceof OutboundError && ["unreachable", "timeout"].includes(current.reason)) return "unreachable";
    if (networkCodes.test(String(code ?? ""))) return "unreachable";
    // fetch's own failure (the HTTP client of a libSQL server), and the embedded driver failing to open its file.
    if (current instanceof TypeError && message === "fetch failed") return "unreachable";
    if (/SQLITE_CANTOPEN|ConnectionFailed|unable to open database|HRANA_WEBSOCKET_ERROR/i.test(text))
      return "unreachable";
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
