import { installProgress, loadDefaults } from "~/install/install.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST: loads the default data (step 3): permissions, roles, configuration, bundled content. */
export const loader = apiRoute(
  {
    POST: async ({ t }) => {
      const report = await loadDefaults();
      return json({ message: t("install.defaults.ok.description"), report, progress: await installProgress() });
    },
  },
  { gate: "installer" },
);
export const action = loader;
