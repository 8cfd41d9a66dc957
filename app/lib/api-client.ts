import type { Locale } from "~/i18n/locales";
import type { Issue } from "./validation";

export type ApiResult<T> =
  | { ok: true; status: number; data: T & { message?: string } }
  | { ok: false; status: number; message: string; issues: Issue[]; reason?: string };

/**
 * Calls Daftar's JSON API from the browser in the page's language. A network failure is an answer too,
 * with `networkMessage` (already translated) as its message.
 */
export async function callApi<T = Record<string, never>>(
  path: string,
  options: {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    body?: unknown;
    locale: Locale;
    networkMessage: string;
    headers?: Record<string, string>;
  },
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "POST",
      headers: {
        Accept: "application/json",
        "X-Locale": options.locale,
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, message: options.networkMessage, issues: [] };
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; issues?: Issue[]; reason?: unknown };
  if (response.ok) return { ok: true, status: response.status, data: body as T & { message?: string } };
  return {
    ok: false,
    status: response.status,
    message: body.message || options.networkMessage,
    issues: Array.isArray(body.issues) ? body.issues : [],
    // Some steps explain a failure beyond the message (the installer's migration error, say).
    reason: typeof body.reason === "string" ? body.reason : undefined,
  };
}
