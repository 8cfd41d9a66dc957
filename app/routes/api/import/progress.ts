import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { importProgress } from "~/import/apply.server";
import { json } from "~/lib/http.server";

/** GET /api/import/progress: the latest import's progress, whichever instance runs it. */
export const loader = apiRoute(
  { GET: async () => json({ progress: await importProgress(await getDb()) }) },
  { needs: "builds.push", failure: "import.error.progressFailed" },
);
export const action = loader;
