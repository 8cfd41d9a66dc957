import type { ApiError } from "./api-types";

export function json<T>(body: T, init?: number | ResponseInit): Response {
  const options = typeof init === "number" ? { status: init } : (init ?? {});
  const headers = new Headers(options.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...options, headers });
}

export function jsonError(status: number, message: string, issues?: ApiError["issues"]): Response {
  return json<ApiError>(issues ? { message, issues } : { message }, status);
}
