import { handleInstallApi, methodNotAllowed } from "~/install/api.server";
import { installProgress, loadDefaults } from "~/install/install.server";
import { json } from "~/lib/http.server";
import type { Route } from "./+types/database-loading";

export const loader = methodNotAllowed;

export function action({ request }: Route.ActionArgs) {
  return handleInstallApi(request, async ({ t }) => {
    const report = await loadDefaults();
    return json({ message: t("install.defaults.ok.description"), report, progress: await installProgress() });
  });
}
