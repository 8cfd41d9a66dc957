import type * as z from "zod";
import { useLocale } from "~/i18n/use-t";
import type { Locale } from "~/i18n/locales";
import type { KeyProofAction } from "~/keys/key-proof";
import { loadIdentityMaker } from "~/keys/store";
import { useApiForm, type FormValues } from "~/ui/use-api-form";
import { toSecondStep } from "./to-second-step";

/**
 * This browser's public key with its signed proof of possession for `action`, and its device name, the
 * identity made first if it has none; nothing when none can be made (no storage): the account works without it.
 */
async function thisDevice(
  locale: Locale,
  action: KeyProofAction,
): Promise<{ pub?: string; proof?: unknown; deviceName?: string }> {
  try {
    const maker = await loadIdentityMaker();
    const identity = await maker.ensureIdentity(locale);
    const proven = maker.provenKey(action);
    return proven ? { ...proven, deviceName: identity.deviceName } : {};
  } catch {
    return {};
  }
}

/**
 * A form that signs this browser in (login, registration). The call carries the browser's key with the fields;
 * the page or the dialog around the form says it worked and shows the new session (`onDone` gets the server's
 * message), so the form itself neither toasts nor reloads anything. An account with a second factor goes on to
 * the page that asks for it.
 */
export function useSignInForm<V extends FormValues, I extends object>({
  schema,
  path,
  initial,
  action,
  onDone,
}: {
  schema: z.ZodType<I>;
  path: string;
  /** What the browser's key is proved for: "login" or "register". */
  action: KeyProofAction;
  initial: V;
  onDone: (message: string) => void;
}) {
  const locale = useLocale();
  return useApiForm({
    schema,
    path,
    initial,
    request: async (input) => ({ body: { ...input, ...(await thisDevice(locale, action)) } }),
    successToast: false,
    revalidate: false,
    onSuccess: (data) => (data.secondStep ? toSecondStep(locale) : onDone(data.message ?? "")),
  });
}
