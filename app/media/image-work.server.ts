/**
 * Image work: every decode, resize and encode of the app (sharp) runs through `imageWork`, with limits on what
 * it may be asked to do.
 *
 * Where it runs. sharp works off the JavaScript thread, on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), the pool that also reads static files and compresses answers. Image jobs
 * run IMAGE_JOBS at a time (1 by default; sharp gives each one CPU core on Linux), so they never hold more than
 * that many of those threads: a flood of uploads cannot leave static files, the favicon or compressed pages
 * waiting. Two lanes share the slots: "visitors" (variants, icons and share images a page view asks for) go
 * first, "uploads" (profile pictures, post images, the site icon) wait in a short queue; a full queue answers
 * 503, "busy, try again".
 *
 * What it may do. A picture's size and frames are read from its header before anything is decoded:
 * - one frame at most MAX_FRAME_PIXELS (a small file can claim an enormous picture);
 * - an animation at most MAX_FRAMES frames and MAX_ANIMATION_PIXELS over all of them (each frame costs a full
 *   decode, resize and encode: 10,000 frames of 1 × 1 pixel, enlarged to a 192-pixel avatar, took two minutes);
 * - motion only where it is shown: profile pictures and the site icon are the first frame; post images keep
 *   their motion as WebP (GIF encoding costs about twenty times as much), and their AVIF, JPEG, PNG and GIF
 *   variants are the first frame;
 * - what a job writes is at most MAX_OUTPUT_PIXELS over all its frames.
 */
import type { Metadata, SharpOptions } from "sharp";
import type sharpFunction from "sharp";
import { config } from "~/config.server";
import { ServiceError } from "~/lib/service-error";
import { WorkQueue } from "~/lib/work-queue.server";

/** One frame may have at most this many pixels. */
export const MAX_FRAME_PIXELS = 50_000_000;
/** An animation may have at most this many frames. */
export const MAX_FRAMES = 300;
/** An animation may have at most this many pixels over all its frames. */
export const MAX_ANIMATION_PIXELS = 30_000_000;
/** A job may write at most this many pixels over all its frames. */
export const MAX_OUTPUT_PIXELS = 50_000_000;

export type ImageLane = "visitors" | "uploads";

export type SharpFactory = typeof sharpFunction;

let queue: WorkQueue<ImageLane> | undefined;
let factory: Promise<SharpFactory> | undefined;

function imageQueue(): WorkQueue<ImageLane> {
  queue ??= new WorkQueue(config().imageJobs, {
    visitors: { queue: 200, maxWaitMs: 30_000 },
    uploads: { queue: 4, maxWaitMs: 20_000 },
  });
  return queue;
}

function loadSharp(): Promise<SharpFactory> {
  factory ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations and their pixels (up to 50 MB) for a file opened again; every job here
    // reads a new buffer, so the cache only holds memory.
    sharp.cache(false);
    return sharp;
  });
  return factory;
}

/** Runs `work` with sharp in `lane`'s turn (see the module's comment); refused with 503 when the lane is full. */
export function imageWork<T>(lane: ImageLane, work: (sharp: SharpFactory) => Promise<T>): Promise<T> {
  return imageQueue().run(lane, async () => work(await loadSharp()));
}

/**
 * A picture's header (size, type, frames) without waiting for a turn: reading it decodes no pixels and takes
 * milliseconds, so a page's render or a publish never waits behind resizing.
 */
export async function imageMetadata(input: Uint8Array | string): Promise<Metadata> {
  const sharp = await loadSharp();
  return sharp(input, readOptions({ pages: -1 })).metadata();
}

/** Options every read of a picture uses: the frame limit enforced by sharp too, errors not ignored. */
export function readOptions(options: SharpOptions = {}): SharpOptions {
  return { limitInputPixels: MAX_FRAME_PIXELS, failOn: "error", ...options };
}

export interface Frames {
  width: number;
  /** One frame's height. */
  height: number;
  frames: number;
}

/** The picture's size and frame count, from its header; refused (400) when unreadable or past the frame limit. */
export async function readFrames(sharp: SharpFactory, bytes: Uint8Array): Promise<Frames> {
  let meta: Metadata;
  try {
    // The header only: its claimed size is checked below, with the message that says so.
    meta = await sharp(bytes, readOptions({ pages: -1, limitInputPixels: false })).metadata();
  } catch {
    throw new ServiceError(400, "media.error.unreadable");
  }
  if (!meta.width || !meta.height) throw new ServiceError(400, "media.error.unreadable");
  const frames = Math.max(1, meta.pages ?? 1);
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > MAX_FRAME_PIXELS) {
    throw new ServiceError(400, "media.error.tooManyPixels", {
      vars: { megapixels: megapixels(meta.width * height), max: megapixels(MAX_FRAME_PIXELS) },
    });
  }
  return { width: meta.width, height, frames };
}

/** Whether an animation is within the limits on frames and pixels (a still picture always is). */
export function motionAllowed({ width, height, frames }: Frames): boolean {
  return frames <= MAX_FRAMES && width * height * frames <= MAX_ANIMATION_PIXELS;
}

/** Refuses (400) an animation past the limits, saying which. */
export function checkMotion(image: Frames): void {
  if (image.frames > MAX_FRAMES) {
    throw new ServiceError(400, "media.error.tooManyFrames", { vars: { frames: image.frames, max: MAX_FRAMES } });
  }
  if (!motionAllowed(image)) {
    throw new ServiceError(400, "media.error.animationTooLarge", {
      vars: {
        megapixels: megapixels(image.width * image.height * image.frames),
        max: megapixels(MAX_ANIMATION_PIXELS),
      },
    });
  }
}

/** Refuses to write more than MAX_OUTPUT_PIXELS: a guard on the plan, before any pixel is made. */
export function checkOutput(width: number, height: number, frames: number): void {
  if (width * height * frames > MAX_OUTPUT_PIXELS) {
    throw new Error(`an image job would write ${width}×${height}×${frames} pixels`);
  }
}

/** The size a picture fits into a `box`-pixel square at, never enlarged. */
export function fitInside(image: { width: number; height: number }, box: number): { width: number; height: number } {
  const scale = Math.min(1, box / Math.max(image.width, image.height));
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

function megapixels(pixels: number): number {
  return Math.round(pixels / 100_000) / 10;
}
