import { renameDevice } from "~/auth/devices.server";
import { deviceSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** PUT /api/identity/device { pub, deviceName }: renames one of the caller's devices ("new random name"). */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const { pub, deviceName } = await ctx.body(deviceSchema);
      await renameDevice(await getDb(), pub, deviceName, ctx.user.id);
      return json({ message: ctx.t("auth.deviceRenamed") });
    },
  },
  { needs: "user" },
);
export const action = loader;
