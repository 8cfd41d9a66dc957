import { useCallback, useTransition } from "react";
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

/** The toast a successful change shows by default: the server's own message, when it sends one. */
export function successToast(data: ApiData): ToastInput | undefined {
  return data.message ? { title: data.message, variant: "success" } : undefined;
}

/** The toast of a failed call: the server's message, explained by its reason or its first issue. */
export function failureToast(failure: ApiFailure, variant: ToastInput["variant"] = "error"): ToastInput {
  return { title: failure.message, description: failure.reason ?? failure.issues[0]?.message, variant };
}

/**
 * A change made by a button rather than a form (moderating a comment, ending the other sessions): the call,
 * its pending state, the server's message as a toast and, after a success, the page's data loaded again.
 * Forms use `useApiForm` (./use-api-form), which does the same for a form.
 */
export function useApiAction() {
  const api = useApi();
  const revalidator = useRevalidator();
  const [pending, startTransition] = useTransition();
  const run = (
    path: string,
    request: ApiRequest & { method?: Exclude<ApiMethod, "GET">; onSuccess?: (data: ApiData) => void } = {},
  ) =>
    startTransition(async () => {
      const { onSuccess, ...call } = request;
      const result = await api(path, call);
      if (!result.ok) {
        toast(failureToast(result));
        return;
      }
      const shown = successToast(result.data);
      if (shown) toast(shown);
      await revalidator.revalidate();
      onSuccess?.(result.data);
    });
  return { run, pending };
}
