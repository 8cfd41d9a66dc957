/**
 * The site's icons, all made from one source image: the owner's (settings; kept in the database as a 512-pixel
 * PNG) or the bundled `public/icon.svg`. favicon.ico (16, 32 and 48 pixels), 192 and 512 PNGs, the apple-touch
 * icon (180, on an opaque background), a maskable icon (the picture inside the safe zone on the theme colour)
 * and the web app manifest, whose theme colour is the settings' primary colour. Made on first request and kept
 * in memory by source and colour, so a change made on any instance (announced as "settings") shows on the next
 * request everywhere.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { projectRoot } from "~/config.server";
import type { Database } from "~/db/client.server";
import { storedImages } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import type { AppConfig, ThemeColor } from "~/settings/app-config";
import { changeAppConfig, type ConfigAuthor } from "~/settings/app-config.server";
import { imageWork, readOptions } from "./image-work.server";
import { imageKey, processUpload } from "./upload.server";
import { memoiseLoads } from "~/lib/memoise-load";

/** Each primary colour as one colour value (its palette's primary shade), for the manifest and maskable icon. */
export const themeHex: Record<ThemeColor, string> = {
  zinc: "#18181b",
  slate: "#0f172a",
  stone: "#1c1917",
  red: "#dc2626",
  rose: "#e11d48",
  orange: "#ea580c",
  amber: "#d97706",
  green: "#16a34a",
  teal: "#0d9488",
  blue: "#2563eb",
  indigo: "#4f46e5",
  violet: "#7c3aed",
};

export const ICON_SOURCE_SIZE = 512;

export type IconName = "favicon.ico" | "icon-192.png" | "icon-512.png" | "apple-touch-icon.png" | "icon-maskable.png";

const made = memoiseLoads<string, Buffer>(50);

async function sourceBytes(db: Database, config: AppConfig): Promise<Buffer> {
  if (config.icon) {
    const row = await db
      .select({ data: storedImages.data })
      .from(storedImages)
      .where(eq(storedImages.key, config.icon))
      .get();
    if (row) return Buffer.from(row.data);
  }
  return readFile(path.join(projectRoot, "public", "icon.svg"));
}

/** The icon file `name` for the configuration as it is now. */
export function siteIcon(db: Database, config: AppConfig, name: IconName): Promise<Buffer> {
  return made.get(`${config.icon ?? "default"}:${config.theme.primary}:${name}`, () => makeIcon(db, config, name));
}

async function makeIcon(db: Database, config: AppConfig, name: IconName): Promise<Buffer> {
  const source = await sourceBytes(db, config);
  // Made for whoever asks first: in the visitors' turn of the image work, from the source's first frame.
  return imageWork("visitors", async (sharp) => {
    const png = (size: number) =>
      sharp(source, readOptions({ density: 384, pages: 1 }))
        .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    const onColour = async (size: number, inner: number, background: string) =>
      sharp({ create: { width: size, height: size, channels: 4, background } })
        .composite([{ input: await png(inner), gravity: "centre" }])
        .png({ compressionLevel: 9 })
        .toBuffer();
    switch (name) {
      case "favicon.ico":
        return icoOf([await png(16), await png(32), await png(48)], [16, 32, 48]);
      case "icon-192.png":
        return png(192);
      case "icon-512.png":
        return png(512);
      case "apple-touch-icon.png":
        // iOS fills transparency with black: the picture sits on white with a margin.
        return onColour(180, 150, "#ffffff");
      case "icon-maskable.png":
        // Launchers crop maskable icons to a circle or squircle: the picture stays within the central 80 %.
        return onColour(512, 384, themeHex[config.theme.primary]);
    }
  });
}

/** An ICO file of PNG images (every browser since 2007 reads PNG inside ICO). */
function icoOf(images: Buffer[], sizes: number[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(sizes[i]! % 256, entry);
    header.writeUInt8(sizes[i]! % 256, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(image.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  return Buffer.concat([header, ...images]);
}

/** The web app manifest: names, colours and the icons, in the site's default language. */
export function webManifest(config: AppConfig): string {
  const version = config.icon ?? "default";
  return JSON.stringify(
    {
      name: config.siteName.fa,
      short_name: config.siteName.fa,
      description: config.description.fa,
      lang: "fa",
      dir: "rtl",
      start_url: "/",
      display: "standalone",
      background_color: "#ffffff",
      theme_color: themeHex[config.theme.primary],
      icons: [
        { src: `/icon-192.png?v=${version}`, sizes: "192x192", type: "image/png" },
        { src: `/icon-512.png?v=${version}`, sizes: "512x512", type: "image/png" },
        { src: `/icon-maskable.png?v=${version}`, sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    null,
    2,
  );
}

/**
 * Replaces the icon's source with an upload (at least 512 pixels each way; fitted into a 512-pixel square, its
 * proportions kept), or puts the bundled icon back (null). One write: the image and the setting together.
 */
export async function setSiteIcon(db: Database, bytes: Uint8Array | null, author: ConfigAuthor): Promise<void> {
  if (bytes === null) {
    await changeAppConfig(db, { icon: null }, author);
    return;
  }
  // An icon never moves: the first frame of an animation.
  const checked = await processUpload(bytes, { as: "image/png", still: true });
  if (Math.min(checked.width, checked.height) < ICON_SOURCE_SIZE) throw new ServiceError(400, "media.icon.tooSmall");
  const data = await imageWork("uploads", (sharp) =>
    sharp(checked.data, readOptions())
      .resize(ICON_SOURCE_SIZE, ICON_SOURCE_SIZE, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  const key = imageKey(data);
  await writeTransaction(db, async (tx) => {
    await tx
      .insert(storedImages)
      .values({ key, purpose: "icon", mime: "image/png", width: 512, height: 512, size: data.length, data })
      .onConflictDoNothing();
  });
  await changeAppConfig(db, { icon: key }, author);
}
