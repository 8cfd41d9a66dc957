import { getDb } from "~/db/client.server";
import { relayInformation } from "~/nostr/relay/info.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { appConfigOrDefaults } from "~/settings/app-config.server";
import type { Route } from "./+types/relay";

/** Any origin may read the relay's information (NIP-11): Nostr clients run on every site. */
const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "Accept, Content-Type",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
};

/**
 * /relay over HTTP: the relay information document for `Accept: application/nostr+json`, otherwise a line
 * saying what the address is. (WebSocket upgrades to the same address never reach this module.)
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
  const accept = request.headers.get("accept") ?? "";
  const origin = siteOrigin(request);
  if (!/application\/nostr\+json/i.test(accept)) {
    const relayUrl = origin.replace(/^http/, "ws") + "/relay";
    return new Response(`This is a Nostr relay. Connect to it with a Nostr client at ${relayUrl}\n`, {
      headers: { ...cors, "Content-Type": "text/plain; charset=utf-8", Vary: "Accept" },
    });
  }
  const config = await appConfigOrDefaults();
  if (!config.installed) return new Response(null, { status: 503, headers: cors });
  const document = await relayInformation(await getDb(), config, origin);
  return Response.json(document, {
    headers: {
      ...cors,
      "Content-Type": "application/nostr+json",
      "Cache-Control": "public, max-age=300",
      Vary: "Accept",
    },
  });
}

/** CORS preflight; the relay takes nothing over plain HTTP. */
export function action({ request }: Route.ActionArgs) {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
  return new Response(null, { status: 405, headers: { ...cors, Allow: "GET, HEAD, OPTIONS" } });
}
