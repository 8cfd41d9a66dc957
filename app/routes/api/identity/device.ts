import { removeDevice } from "~/auth/account-keys.server";
import { renameDevice } from "~/auth/devices.server";
import { deviceSchema, removeDeviceSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * PUT /api/identity/device { pub, deviceName }: renames one of the caller's devices ("new random name").
 * DELETE { pub }: removes one of them; its key no longer speaks for the account.
 */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const { pub, deviceName } = await ctx.body(deviceSchema);
      await renameDevice(await getDb(), pub, deviceName, ctx.user.id);
      return json({ message: ctx.t("auth.deviceRenamed") });
    },
    DELETE: async (ctx) => {
      const { pub } = await ctx.body(removeDeviceSchema);
      await removeDevice(await getDb(), ctx.user.id, pub);
      return json({ message: ctx.t("auth.keys.deviceRemoved") });
    },
  },
  { needs: "user" },
);
export const action = loader;
