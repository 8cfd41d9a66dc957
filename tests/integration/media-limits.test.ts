/**
 * Limits on image work, on every image path of the production build: profile pictures and the site icon are the
 * first frame of an animation (never its thousands of frames enlarged), post images keep their motion as WebP
 * within limits on frames and pixels and are refused past them with a message in the uploader's language, an
 * enormous frame is refused before it is decoded, and uploads beyond what the image work takes at once are told
 * to come back (503) instead of piling up.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { animatedGif, picture } from "../helpers/images";
import { seedDatabaseAt } from "../helpers/seed";
import { pageFields } from "../helpers/front-matter";

let server: TestServer;
let member: ApiClient;
let editor: ApiClient;
let editorFa: ApiClient;
let admin: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  member = new ApiClient(server.url);
  await member.login("member");
  editor = new ApiClient(server.url);
  await editor.login("editor");
  editorFa = editor.clone();
  Object.assign(editorFa, { locale: "fa" });
  admin = new ApiClient(server.url);
  await admin.login("admin");
  anonymous = new ApiClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function upload(client: ApiClient, bytes: Uint8Array, name: string) {
  const response = await client.raw("POST", `/api/media/upload?name=${encodeURIComponent(name)}`, {
    body: bytes,
    headers: { "Content-Type": "application/octet-stream" },
  });
  return { status: response.status, body: (await response.json()) as { message: string; url: string; file: string } };
}

async function fetched(path: string, client = anonymous) {
  const response = await client.raw("GET", path);
  expect(response.status, path).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("motion only where it is shown", () => {
  test("a profile picture made from 16,000 one-pixel frames is their first frame, made at once", async () => {
    const bomb = await animatedGif(1, 1, 16_000);
    const started = performance.now();
    const answer = await member.raw("PUT", "/api/users/avatar", { body: bomb });
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(5_000);
    const { avatar } = (await answer.json()) as { avatar: string };
    const meta = await sharp(await fetched(`/img/${avatar}/192.webp`), { animated: true }).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 192, height: 192 });
    expect(meta.pages ?? 1).toBe(1);
  });

  test("the site icon made from an animation is its first frame", async () => {
    const answer = await admin.raw("PUT", "/api/settings/icon", { body: await animatedGif(600, 600, 3) });
    expect(answer.status).toBe(200);
    const png = await fetched("/icon-512.png");
    const icon = await sharp(png, { animated: true }).metadata();
    expect(icon).toMatchObject({ format: "png", width: 512, height: 512 });
    expect(icon.pages ?? 1).toBe(1);
    // The first frame fills the square: not the frames stacked and shrunk into a strip.
    const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 4)];
    expect(at(10, 256)[3]).toBe(255);
    expect(at(256, 10)).toEqual(at(256, 500));
    await admin.raw("DELETE", "/api/settings/icon");
  });

  test("a post's animation is kept as animated WebP and its WebP variants move; other formats are not offered", async () => {
    const answer = await upload(editor, await animatedGif(400, 300, 20), "moving.gif");
    expect(answer.status).toBe(201);
    expect(answer.body.file).toMatch(/\.webp$/);
    const kept = await sharp(await fetched(answer.body.url, editor), { animated: true }).metadata();
    expect(kept).toMatchObject({ format: "webp", width: 400, pageHeight: 300, pages: 20 });
    // Published with a page that shows it (an image no page uses is not committed).
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/moving",
      frontMatter: pageFields("Moving"),
      markdown: `![A moving picture](${answer.body.url})\n`,
      baseHash: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const builds = await admin.get<{ builds: { id: number; status: string }[] }>("/api/builds/all");
    const open = builds.body.builds.find((b) => b.status === "open")!;
    expect((await admin.post("/api/builds/run", { buildId: open.id })).status).toBe(200);
    const key = /media\/([0-9a-f]{16})-/.exec(answer.body.file)![1]!;
    const variant = await sharp(await fetched(`/img/${key}/320.webp`), { animated: true }).metadata();
    expect(variant).toMatchObject({ width: 320, pageHeight: 240, pages: 20 });
    expect((await anonymous.raw("GET", `/img/${key}/320.avif`)).status).toBe(404);
    expect((await anonymous.raw("GET", `/img/${key}/320.gif`)).status).toBe(404);
  });

  test("a still GIF is kept as PNG", async () => {
    const answer = await upload(editor, await picture(300, 200, "gif"), "still.gif");
    expect(answer.status).toBe(201);
    expect(answer.body.file).toMatch(/\.png$/);
  });
});

describe("animations and pictures past the limits are refused with a message", () => {
  test("too many frames", async () => {
    const gif = await animatedGif(2, 2, 301);
    const en = await upload(editor, gif, "long.gif");
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(
      "This animated image has 301 frames; at most 300 are accepted. Shorten it, or upload a still picture.",
    );
    const fa = await upload(editorFa, gif, "long.gif");
    expect(fa.body.message).toBe(
      "این تصویر متحرک ۳۰۱ فریم دارد؛ حداکثر ۳۰۰ فریم پذیرفته می‌شود. آن را کوتاه‌تر کنید یا تصویری ثابت بارگذاری کنید.",
    );
  });

  test("too many pixels over all frames", async () => {
    const answer = await upload(editor, await animatedGif(1000, 1000, 31), "big.gif");
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "This animation is too large: 31 million pixels over all its frames; at most 30 million are accepted. Make it smaller or shorter.",
    );
  });

  test("one frame of too many pixels, refused before it is decoded", async () => {
    // 8,000 × 7,000 of one colour: a small file that claims 56 million pixels.
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#888" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const started = performance.now();
    for (const send of [
      () => upload(editor, huge, "huge.png"),
      async () => {
        const response = await member.raw("PUT", "/api/users/avatar", { body: huge });
        return { status: response.status, body: (await response.json()) as { message: string } };
      },
    ]) {
      const answer = await send();
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        "This picture is too large: 56 million pixels. Upload one of at most 50 million pixels.",
      );
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("the image work's queue", () => {
  test("uploads beyond what it takes at once are told to come back (503), and the site's images still come", async () => {
    const photo = await picture(3000, 2000, "png");
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await member.raw("PUT", "/api/users/avatar", { body: photo });
        return { status: response.status, retry: response.headers.get("retry-after"), body: await response.json() };
      }),
    );
    const refused = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.retry).toBe("5");
      expect(answer.body).toEqual({ message: "The server is busy right now. Please try again in a moment." });
    }
    expect((await anonymous.raw("GET", "/favicon.ico")).status).toBe(200);
  }, 60_000);
});
