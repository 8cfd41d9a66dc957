import { requireApiUser } from "~/auth/current-user.server";
import { renameDevice } from "~/auth/devices.server";
import { deviceSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json, jsonError } from "~/lib/http.server";

/** PUT /api/identity/device: renames one of the caller's devices ("new random name" on the profile). */
const route = apiRoute({
  PUT: async (ctx) => {
    const user = await requireApiUser(ctx);
    const input = parseBody(ctx, deviceSchema, await readJson(ctx));
    if (!(await renameDevice(await getDb(), input.pub, input.deviceName, user.id))) {
      return jsonError(404, ctx.t("auth.deviceNotFound"));
    }
    return json({ message: ctx.t("auth.deviceRenamed") });
  },
});
export const loader = route.loader;
export const action = route.action;
