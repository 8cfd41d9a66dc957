import * as z from "zod";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { ServiceError } from "~/lib/service-error";
import { msg } from "~/lib/validation";
import { subscribersCsv } from "~/newsletter/subscribers.server";
import { removeSubscriber } from "~/newsletter/subscriptions.server";

const removeSchema = z.object({ id: z.number(msg("validation.invalid")).int().positive() });

/**
 * GET /api/newsletter/subscribers: every subscriber as CSV (streamed, a thousand rows at a time). DELETE
 * { id }: forgets a subscriber. Both show or change addresses: settings.edit.
 */
export const loader = apiRoute(
  {
    GET: async () => {
      const db = await getDb();
      const encoder = new TextEncoder();
      const rows = subscribersCsv(db);
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await rows.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
      });
      return new Response(body, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="newsletter-subscribers.csv"',
          "Cache-Control": "private, no-store",
        },
      });
    },
    DELETE: async (ctx) => {
      const { id } = await ctx.body(removeSchema);
      if (!(await removeSubscriber(await getDb(), id))) throw new ServiceError(404, "mail.newsletter.notFound");
      return json({ message: ctx.t("mail.newsletter.removed") });
    },
  },
  { needs: "settings.edit", failure: "mail.newsletter.removeFailed" },
);
export const action = loader;
