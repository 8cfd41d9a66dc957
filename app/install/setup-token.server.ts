import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { config } from "~/config.server";
import { readCookie, serializeCookie } from "~/lib/cookies";

/**
 * The one-time setup token that protects an unfinished installation (as Jenkins and Jupyter do): only someone
 * who can read the server's console or its data folder can drive the installer.
 */
export const setupCookieName = "daftar_setup";
export const setupHeaderName = "x-setup-token";
export const setupQueryName = "setup";

export function setupTokenPath(): string {
  return path.join(config().dataDir, "setup-token");
}

/** The current token: SETUP_TOKEN, else the one in DATA_DIR/setup-token, else a new one written there. */
export function ensureSetupToken(): string {
  const fromEnv = config().setupToken;
  const file = setupTokenPath();
  mkdirSync(path.dirname(file), { recursive: true });
  if (fromEnv) {
    writeFileSync(file, fromEnv, { mode: 0o600 });
    return fromEnv;
  }
  const existing = readToken();
  if (existing) return existing;
  const token = randomBytes(24).toString("base64url");
  try {
    // "wx": when several processes start at once, the first one's token wins and the others read it.
    writeFileSync(file, token, { mode: 0o600, flag: "wx" });
    return token;
  } catch {
    return readToken() ?? token;
  }
}

function readToken(): string | undefined {
  try {
    return readFileSync(setupTokenPath(), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

export function deleteSetupToken(): void {
  rmSync(setupTokenPath(), { force: true });
}

function matches(candidate: string | null | undefined): boolean {
  const token = config().setupToken ?? readToken();
  if (!token || !candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the request carries the setup token (header for scripts, cookie for the browser). */
export function hasSetupToken(request: Request): boolean {
  return (
    matches(request.headers.get(setupHeaderName)) || matches(readCookie(request.headers.get("cookie"), setupCookieName))
  );
}

/** `?setup=<token>` in any page address: whether it is right. */
export function queryTokenIsValid(url: URL): boolean {
  return matches(url.searchParams.get(setupQueryName));
}

export function setupCookie(token: string, secure: boolean): string {
  return serializeCookie(setupCookieName, token, { httpOnly: true, sameSite: "Lax", secure, maxAge: 24 * 60 * 60 });
}

export function clearSetupCookie(): string {
  return serializeCookie(setupCookieName, "", { httpOnly: true, sameSite: "Lax", maxAge: 0 });
}
