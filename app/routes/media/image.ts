import { getDb } from "~/db/client.server";
import { busyAnswer } from "~/lib/http.server";
import { imageVariant } from "~/media/variants.server";
import type { Route } from "./+types/image";

/**
 * `/img/<key>/<width>.<format>`: the image service (app/media/variants.server.ts). Any size or format not on
 * its lists is 404. The key changes with the image, so every answer is cached for a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  let variant;
  try {
    variant = await imageVariant(await getDb(), params.key ?? "", params.name ?? "");
  } catch (error) {
    const busy = busyAnswer(error);
    if (busy) return busy;
    throw error;
  }
  if (!variant) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(variant.body), {
    headers: {
      "Content-Type": variant.mime,
      "Content-Length": String(variant.body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Image-Cache": variant.cache,
    },
  });
}
