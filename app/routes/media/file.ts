import { currentUser } from "~/auth/current-user.server";
import { getDb } from "~/db/client.server";
import { mediaFile } from "~/builds/media.server";
import type { Route } from "./+types/file";

function notFound(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * `/media/<key>-<name>.<ext>`: a media file as uploaded (re-encoded). Published files are public and never change
 * under their name; one still waiting in the open build is shown only to those who may write, never cached.
 * Pages show published images through the image service (`/img/…`), not from here.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = `media/${params["*"] ?? ""}`;
  const user = await currentUser(request).catch(() => null);
  const found = await mediaFile(await getDb(), file, Boolean(user?.permissions.includes("commit.create")));
  if (!found) return notFound();
  return new Response(new Uint8Array(found.data), {
    headers: {
      "Content-Type": found.mime,
      "Content-Length": String(found.data.length),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": found.published ? "public, max-age=31536000, immutable" : "private, no-store",
    },
  });
}
