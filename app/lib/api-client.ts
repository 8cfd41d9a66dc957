import type { Locale } from "~/i18n/locales";
import type { ApiError } from "./api-types";

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T & Partial<ApiError>;
}

/**
 * Calls Daftar's JSON API from the browser: same-origin cookies, the page's language for messages, and a
 * network failure reported like a server error rather than thrown.
 */
export async function apiFetch<T = Record<string, unknown>>(
  path: string,
  { method = "GET", body, locale, headers }: { method?: string; body?: unknown; locale: Locale; headers?: Record<string, string> },
): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        "X-Locale": locale,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as T & Partial<ApiError>;
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: {} as T & Partial<ApiError> };
  }
}
