import { searchCall } from "~/content/api.server";
import { handleApi } from "~/lib/api.server";
import type { Route } from "./+types/search";

export const loader = ({ request }: Route.LoaderArgs) => handleApi(request, searchCall);
