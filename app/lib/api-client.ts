import type { Locale } from "~/i18n/locales";
import type { Issue } from "./validation";

/** A successful answer's body: the call's own data and, for changes, the message to show. */
export type ApiData<T = Record<string, unknown>> = T & { message?: string };

/** A refused or failed call: the message to show, the issues of bad input, and sometimes the reason. */
export interface ApiFailure {
  ok: false;
  status: number;
  message: string;
  issues: Issue[];
  reason?: string;
}

export type ApiResult<T> = { ok: true; status: number; data: ApiData<T> } | ApiFailure;

/** What one call sends besides its path and method. */
export interface ApiRequest {
  /** Sent as JSON; a Blob (a file) is sent as its bytes. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Cancels the call (a newer one replaces it); a cancelled call answers as a network failure. */
  signal?: AbortSignal;
}

/**
 * Calls Daftar's JSON API from the browser in the page's language. A network failure is an answer too,
 * with `networkMessage` (already translated) as its message. Components use `useApi()` (~/ui/use-api),
 * which fills in the language and the message.
 */
export async function callApi<T = Record<string, never>>(
  path: string,
  options: ApiRequest & {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    locale: Locale;
    networkMessage: string;
  },
): Promise<ApiResult<T>> {
  let response: Response;
  const raw = typeof Blob !== "undefined" && options.body instanceof Blob;
  try {
    response = await fetch(path, {
      method: options.method ?? "POST",
      headers: {
        Accept: "application/json",
        "X-Locale": options.locale,
        ...(options.body === undefined
          ? {}
          : { "Content-Type": raw ? "application/octet-stream" : "application/json" }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : raw ? (options.body as Blob) : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch {
    return { ok: false, status: 0, message: options.networkMessage, issues: [] };
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; issues?: Issue[]; reason?: unknown };
  if (response.ok) return { ok: true, status: response.status, data: body as ApiData<T> };
  return {
    ok: false,
    status: response.status,
    message: body.message || options.networkMessage,
    issues: Array.isArray(body.issues) ? body.issues : [],
    // Some steps explain a failure beyond the message (the installer's migration error, say).
    reason: typeof body.reason === "string" ? body.reason : undefined,
  };
}
