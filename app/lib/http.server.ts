import type { ApiError } from "./api-types";
import { WorkRefused } from "./work-queue.server";

export function json<T>(body: T, init?: number | ResponseInit): Response {
  const options = typeof init === "number" ? { status: init } : (init ?? {});
  const headers = new Headers(options.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...options, headers });
}

export function jsonError(status: number, message: string, issues?: ApiError["issues"]): Response {
  return json<ApiError>(issues ? { message, issues } : { message }, status);
}

/**
 * The answer of an address that serves something made on request (an image variant, an icon, a feed) when that
 * work is refused as busy: 503 with Retry-After, never cached; `null` for any other error, which the route
 * rethrows.
 */
export function busyAnswer(error: unknown): Response | null {
  if (!(error instanceof WorkRefused) || error.kind !== "busy") return null;
  return new Response("Busy, try again\n", {
    status: 503,
    headers: { ...error.headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
