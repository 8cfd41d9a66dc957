import { currentUser } from "~/auth/current-user.server";
import { clearFlowCookie, finishFlow, readFlow, redirectUri } from "~/auth/oauth/flow.server";
import type { OAuthResult } from "~/auth/oauth/provider-info";
import { providerById } from "~/auth/oauth/providers.server";
import { resultPage } from "~/auth/oauth/result-page.server";
import { getDb } from "~/db/client.server";
import { serverT } from "~/i18n/catalogs.server";
import { apiRoute } from "~/edge/api-route.server";
import { redirectTarget } from "~/lib/redirect-target";
import { ServiceError } from "~/lib/service-error";
import { secureCookies } from "~/lib/site-origin.server";
import { flashToastCookie } from "~/ui/toast/flash.server";
import { secondStepPath } from "~/auth/second-step-path";

/**
 * GET /api/oauth/:provider/callback: the provider sends the browser back here. The flow must be the one
 * this browser started (state and cookie match); the answer is a page that reports to the opener, or a
 * redirect with a toast when the flow ran in the main window.
 */
export const loader = apiRoute({
  GET: async (ctx) => {
    const query = new URL(ctx.request.url).searchParams;
    const flow = readFlow(ctx.request);
    const provider = providerById(ctx.params.provider ?? "");
    // The answer speaks the language the flow started in.
    const locale = flow?.locale ?? ctx.locale;
    const t = serverT(locale);
    const headers = new Headers({ "Set-Cookie": clearFlowCookie(ctx.request) });
    const mode = flow?.mode ?? "login";
    let result: OAuthResult;
    if (!provider) {
      result = { type: "daftar:oauth", ok: false, message: t("auth.oauthUnknown"), mode };
    } else if (!flow || flow.provider !== provider.id || query.get("state") !== flow.state || !query.get("code")) {
      result = { type: "daftar:oauth", ok: false, message: t("auth.oauthFailed", { provider: provider.name }), mode };
    } else {
      try {
        const identity = await provider.identify(query.get("code")!, flow, redirectUri(ctx.request, provider.id));
        const signedIn = await currentUser(ctx.request);
        const outcome = await finishFlow(await getDb(), flow, identity, ctx.request, ctx, signedIn, provider.name);
        if (outcome.kind === "login") headers.append("Set-Cookie", outcome.cookie);
        const secondStep = outcome.kind === "login" && outcome.secondStep;
        const message =
          outcome.kind === "linked"
            ? t("auth.oauthLinked", { provider: provider.name })
            : t(secondStep ? "auth.secondStep.needed" : "auth.loginSuccess");
        result = { type: "daftar:oauth", ok: true, message, mode, ...(secondStep ? { secondStep } : {}) };
      } catch (error) {
        // A refusal (linked elsewhere …) is told as it is; anything else is logged and told as a failed sign-in.
        if (!(error instanceof ServiceError)) console.error(`OAuth callback from ${provider.id} failed:`, error);
        const message =
          error instanceof ServiceError ? t(error.key, error.vars) : t("auth.oauthFailed", { provider: provider.name });
        result = { type: "daftar:oauth", ok: false, message, mode };
      }
    }
    if (flow && !flow.popup) {
      headers.append(
        "Set-Cookie",
        flashToastCookie(
          { title: result.message, variant: result.ok ? "success" : "error" },
          secureCookies(ctx.request),
        ),
      );
      const back = redirectTarget(flow.returnTo) ?? "/";
      headers.set("Location", result.secondStep ? secondStepPath(locale, back) : back);
      return new Response(null, { status: 302, headers });
    }
    return resultPage(result, locale, t, ctx.nonce, headers);
  },
});
export const action = loader;
