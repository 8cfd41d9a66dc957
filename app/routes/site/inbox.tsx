import { data, useLoaderData } from "react-router";
import { requirePageUser } from "~/auth/current-user.server";
import { getDb } from "~/db/client.server";
import { pickMessages, serverT } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { mergeHeaders } from "~/lib/headers";
import { siteOrigin } from "~/lib/site-origin.server";
import { memberInboxKey } from "~/auth/member-keys.server";
import { relayUrlOf } from "~/nostr/names.server";
import { InboxView } from "~/nostr/ui/inbox-view";
import { documentTitle } from "~/settings/app-config";
import { rootSite } from "~/shell/route-meta";
import type { Route } from "./+types/inbox";

/** /inbox: a member's encrypted messages, decrypted in this browser with the key held here. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePageUser(request);
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  const inbox = await memberInboxKey(await getDb(), user.id);
  return data(
    {
      messages: pickMessages(locale, ["nostr", "common"]),
      title: serverT(locale)("nostr.inbox.title"),
      key: inbox?.key ?? null,
      linked: inbox?.linked ?? false,
      relayUrl: relayUrlOf(siteOrigin(request)),
      displayName: user.displayName || user.userName,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: documentTitle(rootSite(matches), loaderData?.title ?? "") },
  { name: "robots", content: "noindex" },
];

export default function Inbox() {
  const { key, linked, relayUrl, displayName } = useLoaderData<typeof loader>();
  return <InboxView accountKey={key} linked={linked} relayUrl={relayUrl} displayName={displayName} />;
}
