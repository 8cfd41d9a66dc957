import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi, type ApiData, type ApiFailure, type ApiRequest, type ApiResult } from "~/lib/api-client";
import { toast } from "./toast/store";
import type { ToastInput } from "./toast/types";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

/** `callApi` in the page's language, with the translated message for an unreachable server. */
export function useApi() {
  const t = useT();
  const locale = useLocale();
  const networkMessage = t("common.error.network");
  return useCallback(
    <T = Record<string, unknown>>(
      path: string,
      request: ApiRequest & { method?: ApiMethod } = {},
    ): Promise<ApiResult<T>> => callApi<T>(path, { ...request, locale, networkMessage }),
    [locale, networkMessage],
  );
}

export interface ApiQuery<T> {
  /** The answer for the current request; undefined while it loads or when it failed. */
  data: ApiData<T> | undefined;
  /** The failure of the current request. */
  error: ApiFailure | undefined;
  loading: boolean;
  /** Asks again (the data is undefined until the new answer). */
  refetch: () => void;
}

/**
 * A read a component makes itself (a commit's diff, a preview, the contact terms): the answer for the request
 * as it is now. A new path or body asks again; the request that was running is aborted, as it is when the
 * component goes. `path` null asks nothing (a dialog that is closed); `delayMs` waits that long after the last
 * change (a search as it is typed). Reads the page needs are its loader's.
 */
export function useApiQuery<T = Record<string, unknown>>(
  path: string | null,
  request: { method?: "GET" | "POST"; body?: unknown; delayMs?: number } = {},
): ApiQuery<T> {
  const api = useApi();
  const method = request.method ?? (request.body === undefined ? "GET" : "POST");
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const delayMs = request.delayMs ?? 0;
  const [round, setRound] = useState(0);
  const key = path === null ? null : `${round} ${method} ${path} ${body ?? ""}`;
  const [answer, setAnswer] = useState<{ key: string; result: ApiResult<T> }>();
  useEffect(() => {
    if (path === null || key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void api<T>(path, {
        method,
        body: body === undefined ? undefined : JSON.parse(body),
        signal: controller.signal,
      }).then((result) => {
        if (!controller.signal.aborted) setAnswer({ key, result });
      });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key, path, method, body, delayMs]);
  const result = answer && answer.key === key ? answer.result : undefined;
  return {
    data: result?.ok ? result.data : undefined,
    error: result && !result.ok ? result : undefined,
    loading: key !== null && !result,
    refetch: () => setRound((n) => n + 1),
  };
}

/** The toast a successful change shows by default: the server's own message, when it sends one. */
export function successToast(data: ApiData): ToastInput | undefined {
  return data.message ? { title: data.message, variant: "success" } : undefined;
}

/** The toast of a failed call: the server's message, explained by its reason or its first issue. */
export function failureToast(failure: ApiFailure, variant: ToastInput["variant"] = "error"): ToastInput {
  return { title: failure.message, description: failure.reason ?? failure.issues[0]?.message, variant };
}

/** A step's answer that failed before or without a call (the extension refused to sign): reported as a call's. */
export function refused(message: string): ApiFailure {
  return { ok: false, status: 0, message, issues: [] };
}

/** A step's answer that succeeded without a call, carrying the message to show. */
export function succeeded<T>(data: ApiData<T>): ApiResult<T> {
  return { ok: true, status: 200, data };
}

export interface ActionOptions<T> {
  /** After a success (and the page's data loaded again). */
  onSuccess?: (data: ApiData<T>) => unknown;
  /** A failure, shown where the screen shows it; a toast by default. */
  onFailure?: (failure: ApiFailure) => void;
  /** The toast of a success; the server's message by default, none with `false`. */
  success?: false | ((data: ApiData<T>) => ToastInput | undefined);
  /** Load the page's data again after a success (default true). */
  revalidate?: boolean;
}

/**
 * A change made by a button rather than a form (moderating a comment, ending the other sessions, linking a key
 * signed first): the call, its pending state, the server's message as a toast and, after a success, the page's
 * data loaded again. `run` takes a path and its request, or an async step that prepares and makes the call
 * itself (asks the server for a challenge, has it signed, sends it) and answers its result (`refused(message)`
 * for a failure before the call). It resolves to whether the change was made. Forms use `useApiForm`
 * (./use-api-form), which does the same for a form.
 */
export function useApiAction() {
  const api = useApi();
  const revalidator = useRevalidator();
  const [running, setRunning] = useState(0);
  async function run<T = Record<string, unknown>>(
    step: string | ((api: ReturnType<typeof useApi>) => Promise<ApiResult<T>>),
    request: ApiRequest & { method?: Exclude<ApiMethod, "GET"> } & ActionOptions<T> = {},
  ): Promise<boolean> {
    const { onSuccess, onFailure, success = successToast, revalidate = true, ...call } = request;
    setRunning((n) => n + 1);
    try {
      const result = typeof step === "string" ? await api<T>(step, call) : await step(api);
      if (!result.ok) {
        (onFailure ?? ((failure) => toast(failureToast(failure))))(result);
        return false;
      }
      const shown = success ? success(result.data) : undefined;
      if (shown) toast(shown);
      if (revalidate) await revalidator.revalidate();
      await onSuccess?.(result.data);
      return true;
    } finally {
      setRunning((n) => n - 1);
    }
  }
  return { run, pending: running > 0 };
}
