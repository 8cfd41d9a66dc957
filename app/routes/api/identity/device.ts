import { requireApiUser } from "~/auth/current-user.server";
import { renameDevice } from "~/auth/devices.server";
import { deviceSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** PUT /api/identity/device: renames one of the caller's devices ("new random name" on the profile). */
export const loader = apiRoute({
  PUT: async (ctx) => {
    const user = await requireApiUser(ctx);
    const { pub, deviceName } = await ctx.body(deviceSchema);
    await renameDevice(await getDb(), pub, deviceName, user.id);
    return json({ message: ctx.t("auth.deviceRenamed") });
  },
});
export const action = loader;
