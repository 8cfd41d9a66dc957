import { contentQuery } from "~/content/api.server";
import { handleApi } from "~/lib/api.server";
import type { Route } from "./+types/content-query";

export const loader = ({ request }: Route.LoaderArgs) => handleApi(request, contentQuery);
