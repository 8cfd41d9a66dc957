import { contentSingle } from "~/content/api.server";
import { handleApi } from "~/lib/api.server";
import type { Route } from "./+types/content-single";

export const loader = ({ request }: Route.LoaderArgs) => handleApi(request, contentSingle);
