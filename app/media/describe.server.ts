import { imageMetadata } from "./image-work.server";
import { imageKey, sniffImageType } from "./upload.server";

export interface ImageDescription {
  key: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}

/** Key, type and size of an image already re-encoded at upload (a media commit's bytes). */
export async function describeStoredImage(data: Uint8Array): Promise<ImageDescription> {
  const meta = await imageMetadata(data);
  const mime = sniffImageType(data);
  if (!mime || mime === "svg" || !meta.width || !meta.height) throw new Error("a media file is not an image");
  return {
    key: imageKey(data),
    mime,
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
    size: data.length,
  };
}
