import { getDb } from "~/db/client.server";
import { busyAnswer } from "~/lib/http.server";
import { siteIcon, webManifest, type IconName } from "~/media/icons.server";
import { appConfigOrDefaults } from "~/settings/app-config.server";
import type { Route } from "./+types/icon";

const ICONS: Record<string, IconName> = {
  "/favicon.ico": "favicon.ico",
  "/icon-192.png": "icon-192.png",
  "/icon-512.png": "icon-512.png",
  "/apple-touch-icon.png": "apple-touch-icon.png",
  "/icon-maskable.png": "icon-maskable.png",
};

/**
 * The site's icons and web app manifest (app/media/icons.server.ts). Their addresses are fixed (browsers ask
 * for /favicon.ico by name), so they are cached for an hour, not for good: a new icon shows within the hour.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const config = await appConfigOrDefaults();
  const cache = { "Cache-Control": "public, max-age=3600" };
  if (url.pathname === "/manifest.webmanifest") {
    return new Response(webManifest(config), {
      headers: { "Content-Type": "application/manifest+json; charset=utf-8", ...cache },
    });
  }
  const name = ICONS[url.pathname];
  if (!name) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain" } });
  let body: Buffer;
  try {
    body = await siteIcon(await getDb(), config, name);
  } catch (error) {
    const busy = busyAnswer(error);
    if (busy) return busy;
    throw error;
  }
  return new Response(new Uint8Array(body), {
    headers: { "Content-Type": name.endsWith(".ico") ? "image/x-icon" : "image/png", ...cache },
  });
}
