import { hit, limits, refuseOverLimit } from "~/db/rate-limit.server";
import { config } from "~/config.server";
import { getDb } from "~/db/client.server";
import { addressKey } from "~/lib/address-key.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { zapInvoiceSchema, zapTermsQuerySchema } from "~/nostr/schema";
import { requestZapInvoice, zapTerms } from "~/nostr/zaps.server";

/**
 * GET /api/nostr/zap?user=: a member's zap terms (their key, lnurl, the amounts their wallet takes).
 * POST /api/nostr/zap { user, amount, zapRequest }: checks the signed zap request and returns the wallet's invoice.
 * The server asks other sites' wallets on visitors' behalf: limited per address, together with the relay's
 * checks of zap receipts.
 */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const db = await getDb();
      refuseOverLimit(await hit(db, limits.walletByAddress, addressKey(ctx.ip)));
      const { user } = ctx.query(zapTermsQuerySchema);
      return json(await zapTerms(db, user, config().outboundAllowPrivate !== false));
    },
    POST: async (ctx) => {
      const db = await getDb();
      refuseOverLimit(await hit(db, limits.walletByAddress, addressKey(ctx.ip)));
      const input = await ctx.body(zapInvoiceSchema);
      return json(await requestZapInvoice(db, input, config().outboundAllowPrivate !== false));
    },
  },
  { failure: "nostr.zap.unreachable" },
);
export const action = loader;
