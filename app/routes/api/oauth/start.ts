import { currentUser } from "~/auth/current-user.server";
import { requireKeyProof } from "~/keys/key-proof.server";
import { requireRecentProof } from "~/auth/recent-proof.server";
import { getDb } from "~/db/client.server";
import { startFlow } from "~/auth/oauth/flow.server";
import { providerById } from "~/auth/oauth/providers.server";
import { resultPage } from "~/auth/oauth/result-page.server";
import { isLocale } from "~/i18n/locales";
import { apiRoute } from "~/edge/api-route.server";
import { cleanLine } from "~/lib/clean-text";
import { jsonError } from "~/lib/http.server";
import { redirectTarget } from "~/lib/redirect-target";
import { ServiceError } from "~/lib/service-error";

/**
 * GET /api/oauth/:provider/start?mode=login|link&popup=1&returnTo=/path&pub=…&proof=…&deviceName=…: sends the
 * browser to the provider. `link` attaches the provider account to the signed-in user. `pub` (this browser's
 * key, recorded as the account's device at the end) needs `proof`, its signed proof of possession as JSON.
 */
export const loader = apiRoute({
  GET: async (ctx) => {
    const provider = providerById(ctx.params.provider ?? "");
    if (!provider) return jsonError(404, ctx.t("auth.oauthUnknown"));
    const query = new URL(ctx.request.url).searchParams;
    const mode = query.get("mode") === "link" ? "link" : "login";
    // The popup (or the page) says what went wrong instead of showing an error page.
    const failed = (message: string) =>
      resultPage({ type: "daftar:oauth", ok: false, message, mode }, ctx.locale, ctx.t, ctx.nonce, new Headers());
    if (mode === "link") {
      const user = await currentUser(ctx.request);
      if (!user) return jsonError(401, ctx.t("api.unauthorized"));
      // A provider account that signs in is a way into the account for good: the owner proves it is them first.
      try {
        await requireRecentProof(await getDb(), user);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        return failed(ctx.t(error.key, error.vars));
      }
    }
    const locale = query.get("locale");
    const pub = query.get("pub") ?? undefined;
    if (pub !== undefined) {
      requireKeyProof(parseJson(query.get("proof")), { pub, request: ctx.request, action: "oauth" });
    }
    try {
      const { location, cookie } = await startFlow(provider, ctx.request, {
        mode,
        popup: query.get("popup") === "1",
        locale: isLocale(locale) ? locale : ctx.locale,
        returnTo: redirectTarget(query.get("returnTo")) ?? "/",
        pub,
        deviceName: cleanLine(query.get("deviceName") ?? "").trim() || undefined,
      });
      return new Response(null, {
        status: 302,
        headers: { Location: location, "Set-Cookie": cookie, "Cache-Control": "no-store" },
      });
    } catch (error) {
      // The provider could not be reached (discovery failed …).
      console.error(`OAuth start with ${provider.id} failed:`, error);
      return failed(ctx.t("auth.oauthFailed", { provider: provider.name }));
    }
  },
});
export const action = loader;

function parseJson(text: string | null): unknown {
  try {
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}
