/**
 * Test pictures made with sharp when a test runs (no binary fixtures in the repository): plain gradients of a
 * given size and format, and a JPEG carrying camera EXIF with a GPS position.
 */
import sharp from "sharp";

/** A picture with some detail (a gradient with stripes), so encoders have something to keep. */
export async function picture(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" | "avif" | "gif" = "jpeg",
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff" fill-opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A JPEG with EXIF saying where it was taken (Tehran: 35.6892 N, 51.3890 E) and with which camera. */
export async function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  const base = await picture(width, height, "jpeg");
  return sharp(base)
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Secret Camera 9", Copyright: "Someone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 41/1 2112/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "51/1 23/1 2040/100",
      },
    })
    .jpeg()
    .toBuffer();
}

/**
 * An animated GIF of `frames` frames of `width` × `height` pixels, each of its own colour (so no encoder merges
 * them). Many frames of one pixel make a small file that asks for a lot of work.
 */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const frameBytes = width * height * 3;
  const pixels = Buffer.alloc(frameBytes * frames);
  for (let frame = 0; frame < frames; frame++) {
    pixels.fill((frame * 53) % 256, frame * frameBytes, (frame + 1) * frameBytes);
    pixels[frame * frameBytes] = (frame >> 8) & 255;
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ effort: 1, keepDuplicateFrames: true, delay: Array(frames).fill(100) })
    .toBuffer();
}
