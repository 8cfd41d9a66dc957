import { shareImage } from "~/content/share-image.server";
import { busyAnswer } from "~/lib/http.server";
import type { Route } from "./+types/share-image";

/** `/share-image/images/….png`: a site image as a 1200×630 PNG for Open Graph and Twitter cards. */
export async function loader({ url }: Route.LoaderArgs) {
  let png: Buffer | undefined;
  try {
    png = await shareImage(url.pathname);
  } catch (error) {
    const busy = busyAnswer(error);
    if (busy) return busy;
    throw error;
  }
  if (!png) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
}
