import { checkDatabase, installProgress, useDatabase } from "~/install/install.server";
import { handleInstallApi } from "~/install/api.server";
import { databaseFormSchema } from "~/install/schema";
import { parseBody, readJson } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import type { Route } from "./+types/database-connections";

/** GET: is the database reachable, what is it, and where does the installation stand. */
export function loader({ request }: Route.LoaderArgs) {
  return handleInstallApi(request, async ({ t }) => {
    const database = await checkDatabase();
    const progress = await installProgress();
    const message = database.connected ? t("install.connection.ok.description") : t("install.error.notWorking");
    return json({ message, database, progress }, database.connected ? 200 : 503);
  });
}

/** POST { url, authToken? }: verify another database and use it from now on. */
export function action({ request }: Route.ActionArgs) {
  return handleInstallApi(request, async (ctx) => {
    const { url, authToken } = parseBody(ctx, databaseFormSchema, await readJson(ctx));
    const database = await useDatabase(url, authToken);
    return json({ message: ctx.t("install.connection.saved"), database, progress: await installProgress() });
  });
}
