import { data } from "react-router";
import { siteIsInstalled } from "~/settings/app-config.server";

/** The catch-all content page (SPEC §2 `/{slug...}`): an unknown path is a 404. */
export async function loader() {
  // Before installation every address shows the installer (root); there is no content to look up yet.
  if (!(await siteIsInstalled())) return null;
  throw data(null, { status: 404 });
}

export default function Page() {
  return null;
}
