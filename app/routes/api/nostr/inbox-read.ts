import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { markMessagesRead } from "~/nostr/inbox-unread.server";

/** POST /api/nostr/inbox-read: the caller's inbox is open and has loaded what arrived: none of it is unread. */
export const action = apiRoute(
  {
    POST: async (ctx) => {
      await markMessagesRead(await getDb(), ctx.user.id);
      return json({ ok: true });
    },
  },
  { needs: "user", failure: "nostr.inbox.readFailed" },
);
