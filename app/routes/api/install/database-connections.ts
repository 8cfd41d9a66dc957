import { checkDatabase, installProgress, switchDatabase } from "~/install/install.server";
import { databaseFormSchema } from "~/install/schema";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * GET: is the database reachable, what is it, and where does the installation stand.
 * POST { url, authToken? }: verify another database and use it from now on.
 */
export const loader = apiRoute(
  {
    GET: async ({ t }) => {
      const database = await checkDatabase();
      const message = database.connected ? t("install.connection.ok.description") : t("install.error.notWorking");
      return json({ message, database, progress: await installProgress() }, database.connected ? 200 : 503);
    },
    POST: async (ctx) => {
      const { url, authToken } = await ctx.body(databaseFormSchema);
      const database = await switchDatabase(url, authToken);
      return json({ message: ctx.t("install.connection.saved"), database, progress: await installProgress() });
    },
  },
  { gate: "installer" },
);
export const action = loader;
