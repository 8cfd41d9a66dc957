import { useLoaderData } from "react-router";
import { memberInboxKeys } from "~/auth/member-keys.server";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { siteOrigin } from "~/lib/site-origin.server";
import { relayUrlOf } from "~/nostr/names.server";
import { InboxView } from "~/nostr/ui/inbox-view";
import type { Route } from "./+types/inbox";

/**
 * /inbox: a member's encrypted messages, decrypted in this browser with their messaging key (its secret comes
 * encrypted, for the passphrase typed here) and with the key messages went to before it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "user", messages: ["nostr", "common"], title: "nostr.inbox.title" },
    async ({ user }) => {
      const keys = await memberInboxKeys(await getDb(), user.id);
      return {
        messaging: keys?.messaging ?? null,
        earlier: keys?.earlier ?? { key: null, linked: false },
        relayUrl: relayUrlOf(siteOrigin(request)),
        displayName: user.displayName || user.userName,
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function Inbox() {
  const { messaging, earlier, relayUrl, displayName } = useLoaderData<typeof loader>();
  return <InboxView messaging={messaging} earlier={earlier} relayUrl={relayUrl} displayName={displayName} />;
}
