import { handleInstallApi, methodNotAllowed } from "~/install/api.server";
import { installProgress, migrateDatabase } from "~/install/install.server";
import { json } from "~/lib/http.server";
import type { Route } from "./+types/migrations-run";

export const loader = methodNotAllowed;

export function action({ request }: Route.ActionArgs) {
  return handleInstallApi(request, async ({ t }) => {
    await migrateDatabase();
    return json({ message: t("install.schema.ok.description"), progress: await installProgress() });
  });
}
