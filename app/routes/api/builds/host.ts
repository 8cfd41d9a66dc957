import { hostSettingsSchema } from "~/builds/host-schema";
import { hostView, readHostSettings, saveHostSettings } from "~/builds/host-settings.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET/PUT /api/builds/host: where builds are pushed. The token is write-only: never in an answer. */
export const loader = apiRoute(
  {
    GET: async () => json(hostView(await readHostSettings(await getDb()))),
    PUT: async (ctx) => {
      const saved = await saveHostSettings(await getDb(), await ctx.body(hostSettingsSchema));
      return json({ message: ctx.t("builds.host.saved"), host: hostView(saved) });
    },
  },
  { needs: "settings.edit", failure: "builds.host.saveFailed" },
);
export const action = loader;
