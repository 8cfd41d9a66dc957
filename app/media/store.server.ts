/**
 * Where the image service finds an image by its key: a published media file (content), a member's profile
 * picture or the site icon's source. Everything is in the database, so every instance serves the same images;
 * a media file the open build adds is not here until the build is published.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { media, storedImages } from "~/db/schema";

export type ImagePurpose = "content" | "avatar" | "icon";

export interface ImageRecord {
  key: string;
  mime: string;
  width: number;
  height: number;
  purpose: ImagePurpose;
}

const KEY = /^[0-9a-f]{16}$/;

export function isImageKey(value: string): boolean {
  return KEY.test(value);
}

/** The image with `key` (without its bytes), or undefined. */
export async function findImage(db: Database, key: string): Promise<ImageRecord | undefined> {
  if (!isImageKey(key)) return undefined;
  const published = await db
    .select({ key: media.key, mime: media.mime, width: media.width, height: media.height })
    .from(media)
    .where(eq(media.key, key))
    .get();
  if (published) return { ...published, purpose: "content" };
  const stored = await db
    .select({
      key: storedImages.key,
      mime: storedImages.mime,
      width: storedImages.width,
      height: storedImages.height,
      purpose: storedImages.purpose,
    })
    .from(storedImages)
    .where(eq(storedImages.key, key))
    .get();
  return stored;
}

/** The bytes of the image with `key`, or undefined. */
export async function imageBytes(db: Database, key: string): Promise<Buffer | undefined> {
  const published = await db.select({ data: media.data }).from(media).where(eq(media.key, key)).get();
  if (published) return Buffer.from(published.data);
  const stored = await db.select({ data: storedImages.data }).from(storedImages).where(eq(storedImages.key, key)).get();
  return stored ? Buffer.from(stored.data) : undefined;
}
