import { handleApi, type ApiContext } from "~/lib/api.server";
import { json, jsonError } from "~/lib/http.server";

export { methodNotAllowed } from "~/lib/api-route.server";
import { readAppConfig } from "~/settings/app-config.server";
import { InstallError } from "./install.server";
import { hasSetupToken } from "./setup-token.server";

/**
 * Every installer call: once the site is installed it answers 403 and does nothing; before that it needs the
 * setup token (401 without). Install errors become JSON with the step's message and, for failures, the reason.
 */
export function handleInstallApi(request: Request, handler: (ctx: ApiContext) => Promise<Response>) {
  return handleApi(request, async (ctx) => {
    const installed = await readAppConfig()
      .then((config) => config.installed)
      .catch(() => false);
    if (installed) return jsonError(403, ctx.t("install.error.installed"));
    if (!hasSetupToken(request)) return jsonError(401, ctx.t("install.error.tokenRequired"));
    try {
      return await handler(ctx);
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      return json({ message: ctx.t(error.messageKey), ...(error.reason ? { reason: error.reason } : {}) }, error.status);
    }
  });
}
