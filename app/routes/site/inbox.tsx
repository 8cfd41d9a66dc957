import { useLoaderData } from "react-router";
import { memberInboxKey } from "~/auth/member-keys.server";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { siteOrigin } from "~/lib/site-origin.server";
import { relayUrlOf } from "~/nostr/names.server";
import { InboxView } from "~/nostr/ui/inbox-view";
import type { Route } from "./+types/inbox";

/** /inbox: a member's encrypted messages, decrypted in this browser with the key held here. */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "user", messages: ["nostr", "common"], title: "nostr.inbox.title" },
    async ({ user }) => {
      const inbox = await memberInboxKey(await getDb(), user.id);
      return {
        key: inbox?.key ?? null,
        linked: inbox?.linked ?? false,
        relayUrl: relayUrlOf(siteOrigin(request)),
        displayName: user.displayName || user.userName,
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function Inbox() {
  const { key, linked, relayUrl, displayName } = useLoaderData<typeof loader>();
  return <InboxView accountKey={key} linked={linked} relayUrl={relayUrl} displayName={displayName} />;
}
