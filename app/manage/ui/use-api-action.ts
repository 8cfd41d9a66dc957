import { useState } from "react";
import { useRevalidator } from "react-router";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi, type ApiResult } from "~/lib/api-client";
import { toast } from "~/ui/toast/store";

/**
 * Runs one management call: shows its answer as a toast and, when it worked, reloads the page's data (and
 * the session summary, since one's own roles may have changed).
 */
export function useApiAction() {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  async function run<T>(path: string, method: "POST" | "PUT", body: unknown): Promise<ApiResult<T>> {
    setPending(true);
    try {
      const result = await callApi<T>(path, { method, body, locale, networkMessage: t("auth.networkError") });
      if (result.ok) {
        toast({ title: result.data.message ?? "", variant: "success" });
        await revalidator.revalidate();
      } else {
        toast({ title: result.message, description: result.issues[0]?.message, variant: "error" });
      }
      return result;
    } finally {
      setPending(false);
    }
  }
  return { run, pending };
}
