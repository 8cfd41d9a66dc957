import { getDb } from "~/db/client.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { namesDocument, relayUrlOf } from "~/nostr/names.server";
import { appConfigOrDefaults } from "~/settings/app-config.server";
import type { Route } from "./+types/names";

const cors = { "Access-Control-Allow-Origin": "*" };

/** GET /.well-known/nostr.json?name=<userName>: a member's public key and the site's relay (NIP-05). Never a redirect. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await appConfigOrDefaults()).installed) return Response.json({ names: {} }, { status: 503, headers: cors });
  const url = new URL(request.url);
  const origin = siteOrigin(request);
  const document = await namesDocument(await getDb(), url.searchParams.get("name"), relayUrlOf(origin));
  return Response.json(document, { headers: { ...cors, "Cache-Control": "public, max-age=60" } });
}
