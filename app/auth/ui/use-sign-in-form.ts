import type * as z from "zod";
import { useLocale } from "~/i18n/use-t";
import type { Locale } from "~/i18n/locales";
import { loadIdentityMaker } from "~/identity/store";
import { useApiForm, type FormValues } from "~/ui/use-api-form";

/**
 * This browser's public key and device name, the identity made first if it has none; nothing when none can be
 * made (no storage): the account works without it.
 */
async function thisDevice(locale: Locale): Promise<{ pub?: string; deviceName?: string }> {
  try {
    const identity = await (await loadIdentityMaker()).ensureIdentity(locale);
    return { pub: identity.pub, deviceName: identity.deviceName };
  } catch {
    return {};
  }
}

/**
 * A form that signs this browser in (login, registration). The call carries the browser's key with the fields;
 * the page or the dialog around the form says it worked and shows the new session (`onDone` gets the server's
 * message), so the form itself neither toasts nor reloads anything.
 */
export function useSignInForm<V extends FormValues, I extends object>({
  schema,
  path,
  initial,
  onDone,
}: {
  schema: z.ZodType<I>;
  path: string;
  initial: V;
  onDone: (message: string) => void;
}) {
  const locale = useLocale();
  return useApiForm({
    schema,
    path,
    initial,
    request: async (input) => ({ body: { ...input, ...(await thisDevice(locale)) } }),
    successToast: false,
    revalidate: false,
    onSuccess: (data) => onDone(data.message ?? ""),
  });
}
