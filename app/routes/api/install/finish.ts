import { finishInstall } from "~/install/install.server";
import { clearSetupCookie } from "~/install/setup-token.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST: the site is installed from now on; the installer locks and the setup token is deleted. */
export const loader = apiRoute(
  {
    POST: async ({ t }) => {
      await finishInstall();
      return json({ message: t("install.finish.description") }, { headers: { "Set-Cookie": clearSetupCookie() } });
    },
  },
  { gate: "installer" },
);
export const action = loader;
