import { currentUser } from "~/auth/current-user.server";
import { startFlow } from "~/auth/oauth/flow.server";
import { providerById } from "~/auth/oauth/providers.server";
import { resultPage } from "~/auth/oauth/result-page.server";
import { isLocale } from "~/i18n/locales";
import { apiRoute } from "~/lib/api.server";
import { jsonError } from "~/lib/http.server";
import { redirectTarget } from "~/lib/redirect-target";

/**
 * GET /api/oauth/:provider/start?mode=login|link&popup=1&returnTo=/path&pub=…&deviceName=…: sends the
 * browser to the provider. `link` attaches the provider account to the signed-in user.
 */
export const loader = apiRoute({
  GET: async (ctx) => {
    const provider = providerById(ctx.params.provider ?? "");
    if (!provider) return jsonError(404, ctx.t("auth.oauthUnknown"));
    const query = new URL(ctx.request.url).searchParams;
    const mode = query.get("mode") === "link" ? "link" : "login";
    if (mode === "link" && !(await currentUser(ctx.request))) return jsonError(401, ctx.t("api.unauthorized"));
    const locale = query.get("locale");
    try {
      const { location, cookie } = await startFlow(provider, ctx.request, {
        mode,
        popup: query.get("popup") === "1",
        locale: isLocale(locale) ? locale : ctx.locale,
        returnTo: redirectTarget(query.get("returnTo")) ?? "/",
        pub: query.get("pub") ?? undefined,
        deviceName: query.get("deviceName") ?? undefined,
      });
      return new Response(null, {
        status: 302,
        headers: { Location: location, "Set-Cookie": cookie, "Cache-Control": "no-store" },
      });
    } catch (error) {
      // The provider could not be reached (discovery failed …): the popup says so instead of an error page.
      console.error(`OAuth start with ${provider.id} failed:`, error);
      const message = ctx.t("auth.oauthFailed", { provider: provider.name });
      return resultPage(
        { type: "daftar:oauth", ok: false, message, mode },
        ctx.locale,
        ctx.t,
        ctx.nonce,
        new Headers(),
      );
    }
  },
});
export const action = loader;
