import { currentUser } from "~/auth/current-user.server";
import { startFlow } from "~/auth/oauth/flow.server";
import { safeReturnPath } from "~/auth/return-path";
import { providerById } from "~/auth/oauth/providers.server";
import { resultPage } from "~/auth/oauth/result-page.server";
import { isLocale, type Locale } from "~/i18n/locales";
import { apiRoute } from "~/lib/api-route.server";
import { jsonError } from "~/lib/http.server";
import { requestInfoContext } from "~/request-context";
import type { Route } from "./+types/start";

/**
 * GET /api/oauth/:provider/start?mode=login|link&popup=1&returnTo=/path&pub=…&deviceName=…: sends the
 * browser to the provider. `link` attaches the provider account to the signed-in user.
 */
export function loader(args: Route.LoaderArgs | Route.ActionArgs) {
  return apiRoute({
    GET: async (ctx) => {
      const provider = providerById(args.params.provider);
      if (!provider) return jsonError(404, ctx.t("auth.oauthUnknown"));
      const query = new URL(ctx.request.url).searchParams;
      const mode = query.get("mode") === "link" ? "link" : "login";
      if (mode === "link" && !(await currentUser(ctx.request))) return jsonError(401, ctx.t("api.unauthorized"));
      const popup = query.get("popup") === "1";
      try {
        const { location, cookie } = await startFlow(provider, ctx.request, {
          mode,
          popup,
          locale: isLocale(query.get("locale")) ? (query.get("locale") as Locale) : ctx.locale,
          returnTo: safeReturnPath(query.get("returnTo")),
          pub: query.get("pub") ?? undefined,
          deviceName: query.get("deviceName") ?? undefined,
        });
        return new Response(null, { status: 302, headers: { Location: location, "Set-Cookie": cookie, "Cache-Control": "no-store" } });
      } catch (error) {
        console.error(`OAuth start with ${provider.id} failed:`, error);
        const message = ctx.t("auth.oauthFailed", { provider: provider.name });
        const nonce = args.context.get(requestInfoContext).nonce;
        return resultPage({ type: "daftar:oauth", ok: false, message, mode }, ctx.locale, ctx.t, nonce, new Headers());
      }
    },
  }).loader(args);
}

export const action = loader;
