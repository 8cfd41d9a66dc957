import { handleInstallApi, methodNotAllowed } from "~/install/api.server";
import { finishInstall } from "~/install/install.server";
import { clearSetupCookie } from "~/install/setup-token.server";
import { json } from "~/lib/http.server";
import type { Route } from "./+types/finish";

export const loader = methodNotAllowed;

/** POST: the site is installed from now on; the installer locks and the setup token is deleted. */
export function action({ request }: Route.ActionArgs) {
  return handleInstallApi(request, async ({ t }) => {
    await finishInstall();
    return json({ message: t("install.finish.description") }, { headers: { "Set-Cookie": clearSetupCookie() } });
  });
}
