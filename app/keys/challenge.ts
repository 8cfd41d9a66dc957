import type { Event } from "nostr-tools/pure";
import type { ApiResult } from "~/lib/api-client";
import { refused, succeeded, type useApi } from "~/ui/use-api";
import type { Nip07 } from "./extension";

/**
 * The server's one-time challenge signed by the browser's extension (NIP-42 shape, kind 22242): what signing in
 * with a key and linking one send. A refusal to sign is `refused(refusedMessage)`.
 */
export async function signedChallenge(
  api: ReturnType<typeof useApi>,
  extension: Nip07,
  refusedMessage: string,
): Promise<ApiResult<{ event: Event }>> {
  const challenge = await api<{ challenge: string }>("/api/auth/nostr/challenge", { method: "GET" });
  if (!challenge.ok) return challenge;
  try {
    const event = await extension.signEvent({
      kind: 22242,
      created_at: Math.floor(Date.now() / 1000),
      content: "",
      tags: [
        ["relay", window.location.origin],
        ["challenge", challenge.data.challenge],
      ],
    });
    return succeeded({ event });
  } catch {
    return refused(refusedMessage);
  }
}
