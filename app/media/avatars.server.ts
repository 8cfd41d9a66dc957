/**
 * Members' profile pictures: cropped to a square in the browser, checked and re-encoded here (a 192-pixel WebP
 * without metadata, the largest size an avatar is shown at; a still picture: an animation's first frame), kept in the database so every instance serves it,
 * and shown through the image service at the avatar sizes. A picture nobody uses any more is deleted.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { storedImages, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { AVATAR_PIXEL_SIZES } from "~/lib/image-sizes";
import { processUpload } from "./upload.server";

export const AVATAR_KEPT = AVATAR_PIXEL_SIZES.at(-1)!;

/** Sets the member's picture; the key it is served under. */
export async function setAvatar(db: Database, userId: number, bytes: Uint8Array): Promise<string> {
  const image = await processUpload(bytes, { square: AVATAR_KEPT, as: "image/webp", still: true });
  await writeTransaction(db, async (tx) => {
    const before = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).get();
    await tx
      .insert(storedImages)
      .values({
        key: image.key,
        purpose: "avatar",
        mime: image.mime,
        width: image.width,
        height: image.height,
        size: image.data.length,
        data: image.data,
      })
      .onConflictDoNothing();
    await tx.update(users).set({ avatar: image.key, updatedAt: new Date() }).where(eq(users.id, userId));
    if (before?.avatar && before.avatar !== image.key) await dropUnused(tx, before.avatar, userId);
  });
  return image.key;
}

/** Removes the member's picture (their initials are shown again). */
export async function removeAvatar(db: Database, userId: number): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const before = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).get();
    if (!before?.avatar) return;
    await tx.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await dropUnused(tx, before.avatar, userId);
  });
}

async function dropUnused(tx: Database, key: string, userId: number): Promise<void> {
  const other = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.avatar, key), ne(users.id, userId)))
    .get();
  if (!other) await tx.delete(storedImages).where(and(eq(storedImages.key, key), eq(storedImages.purpose, "avatar")));
}
