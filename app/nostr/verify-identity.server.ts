/**
 * Checking identities elsewhere for a profile: that another domain's names document (NIP-05) names a key, and
 * that a GitHub gist proves it (NIP-39). Names documents get 1.5 seconds, as clients give them; gists 5.
 */
import { npubEncode } from "nostr-tools/nip19";
import { config } from "~/config.server";
import { ServiceError } from "~/lib/service-error";
import { fetchJson, fetchText, OutboundError } from "~/lib/outbound.server";

const namesTimeoutMs = 1500;
const gistTimeoutMs = 5000;

function refusal(error: unknown, domain: string): ServiceError {
  if (error instanceof OutboundError && error.reason === "notAllowed")
    return new ServiceError(400, "nostr.verify.privateAddress");
  if (error instanceof OutboundError && (error.reason === "notJson" || error.reason === "tooLarge")) {
    return new ServiceError(502, "nostr.verify.badDocument", { vars: { domain } });
  }
  return new ServiceError(502, "nostr.verify.unreachable", { vars: { domain } });
}

/** Whether `name@domain` names `pubkey` in that domain's names document. */
export async function verifyNostrAddress(identifier: string, pubkey: string): Promise<boolean> {
  const [name, domain] = identifier.split("@") as [string, string];
  const scheme =
    config().outboundAllowPrivate !== false && /^(localhost|\d+\.\d+\.\d+\.\d+)(:\d+)?$/.test(domain)
      ? "http"
      : "https";
  let document: unknown;
  try {
    document = await fetchJson(
      "visitor",
      `${scheme}://${domain}/.well-known/nostr.json?name=${encodeURIComponent(name)}`,
      {
        timeoutMs: namesTimeoutMs,
      },
    );
  } catch (error) {
    throw refusal(error, domain);
  }
  const names = (document as { names?: unknown } | null)?.names;
  if (typeof names !== "object" || names === null)
    throw new ServiceError(502, "nostr.verify.badDocument", { vars: { domain } });
  return (names as Record<string, unknown>)[name] === pubkey;
}

/** The text a gist must hold to prove `pubkey` (NIP-39). */
export function gistProofText(pubkey: string): string {
  return `Verifying that I control the following Nostr public key: ${npubEncode(pubkey)}`;
}

/** Whether the gist `gist` by the GitHub user `user` holds the proof for `pubkey`. */
export async function verifyGist(user: string, gist: string, pubkey: string): Promise<boolean> {
  const base = config().gistRawUrl;
  let text: string;
  try {
    text = await fetchText("visitor", `${base}/${encodeURIComponent(user)}/${encodeURIComponent(gist)}/raw`, {
      timeoutMs: gistTimeoutMs,
      accept: "text/plain",
    });
  } catch (error) {
    if (error instanceof OutboundError && error.reason === "status") return false;
    throw refusal(error, new URL(base).host);
  }
  return text.includes(gistProofText(pubkey));
}
