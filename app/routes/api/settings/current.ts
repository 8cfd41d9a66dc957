import { requirePermission } from "~/auth/current-user.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { readAppConfigState } from "~/settings/app-config.server";
import { fieldValues } from "~/settings/config-fields";
import { saveSettingsSchema } from "~/settings/schema";
import { saveSettings } from "~/settings/settings.server";

/**
 * GET /api/settings: every settings field and the version they were read at (dashboard.read).
 * PUT /api/settings { version, …the fields that changed }: saves them (settings.edit); a field someone else
 * changed since `version` is refused with 409 on that field.
 */
export const loader = apiRoute(
  {
    GET: async () => {
      const { config, version } = await readAppConfigState(await getDb());
      return json({ version, settings: fieldValues(config) });
    },
    PUT: async (ctx) => {
      requirePermission(ctx.user, "settings.edit");
      const result = await saveSettings(await getDb(), ctx.user, await ctx.body(saveSettingsSchema));
      return json({
        message: ctx.t(result.changed.length ? "settings.saved" : "settings.unchanged"),
        version: result.version,
        changed: result.changed,
        settings: fieldValues(result.config),
      });
    },
  },
  { needs: "dashboard.read", failure: "settings.saveFailed", forbidden: "settings.forbiddenView" },
);
export const action = loader;
