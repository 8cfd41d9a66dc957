import { data } from "react-router";

/** The catch-all content page (SPEC §2 `/{slug...}`): an unknown path is a 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function Page() {
  return null;
}
