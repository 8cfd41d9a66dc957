import { installProgress, migrateDatabase } from "~/install/install.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST: applies pending migrations (step 2). */
export const loader = apiRoute(
  {
    POST: async ({ t }) => {
      await migrateDatabase();
      return json({ message: t("install.schema.ok.description"), progress: await installProgress() });
    },
  },
  { gate: "installer" },
);
export const action = loader;
