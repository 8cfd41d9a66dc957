/**
 * The browser's half of a passkey: a challenge from the server, the device's answer (WebAuthn through
 * SimpleWebAuthn, loaded when first used), as one step of `useApiAction().run`. A refusal by the device (the
 * person cancelled, no passkey) is a failure with `cancelled`, before anything is sent.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { ApiResult } from "~/lib/api-client";
import { refused, succeeded, type useApi } from "~/ui/use-api";

type Api = ReturnType<typeof useApi>;
interface Texts {
  cancelled: string;
  unsupported: string;
}
type Answer<K extends "passkey" | "response"> = Record<K, unknown>;

/** A passkey's answer to a challenge made for `purpose` ({ passkey }), to send with the call it proves. */
export async function passkeyAnswer(
  api: Api,
  purpose: "sign-in" | "second-step" | "confirm",
  texts: Texts,
): Promise<ApiResult<Answer<"passkey">>> {
  const { browserSupportsWebAuthn, startAuthentication } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return refused(texts.unsupported);
  const options = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>("/api/auth/passkeys/options", {
    method: "POST",
    body: { purpose },
  });
  if (!options.ok) return options;
  try {
    return succeeded({ passkey: await startAuthentication({ optionsJSON: options.data.options }) });
  } catch {
    return refused(texts.cancelled);
  }
}

/** A new passkey's answer to a registration challenge ({ response }). */
export async function newPasskey(api: Api, texts: Texts): Promise<ApiResult<Answer<"response">>> {
  const { browserSupportsWebAuthn, startRegistration } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return refused(texts.unsupported);
  const options = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>("/api/auth/passkeys/options", {
    method: "POST",
    body: { purpose: "register" },
  });
  if (!options.ok) return options;
  try {
    return succeeded({ response: await startRegistration({ optionsJSON: options.data.options }) });
  } catch {
    return refused(texts.cancelled);
  }
}
