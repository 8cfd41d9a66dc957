import { data } from "react-router";
import { documentTitle } from "~/settings/app-config";
import { ForbiddenView } from "~/shell/ui/forbidden-view";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/forbidden";

/** The permission-denied page. It answers 403 so that crawlers and scripts see the refusal too. */
export function loader() {
  return data(null, { status: 403 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("common.forbidden.title")) },
  { name: "robots", content: "noindex" },
];

export default function Forbidden() {
  return <ForbiddenView />;
}
