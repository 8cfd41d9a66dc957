/**
 * Images of posts on the production build: uploads checked and re-encoded without metadata, kept in the open
 * build until it is published (then in the database and the site's git repository as binary files), and the
 * image service's variants: every width and density, other sizes refused, one variant made once however many
 * ask for it at first, then served from the disk cache.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary } from "~/builds/builds.server";
import { AVATAR_PIXEL_SIZES, CONTENT_PIXEL_WIDTHS } from "~/lib/image-sizes";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { clone, git, gitBytes } from "../helpers/git";
import { startGithubDouble, type GithubDouble } from "../helpers/github-double";
import type { Element, Root } from "hast";
import { elements, metaContent, parseHtml } from "../helpers/html";
import { jpegWithGps, picture } from "../helpers/images";
import { seedDatabaseAt } from "../helpers/seed";
import { pageFields } from "../helpers/front-matter";

// The GitHub double runs on loopback: the operator allows it, as for a host on their own network.
process.env.GIT_HOST_ALLOW_PRIVATE = "127.0.0.0/8";

let server: TestServer;
let editor: ApiClient;
let member: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
  member = new ApiClient(server.url);
  await member.login("member");
  anonymous = new ApiClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Uploaded {
  message: string;
  file: string;
  url: string;
  width: number;
  height: number;
  published: boolean;
}

async function upload(client: ApiClient, bytes: Uint8Array, name: string) {
  const response = await client.raw("POST", `/api/media/upload?name=${encodeURIComponent(name)}`, {
    body: bytes,
    headers: { "Content-Type": "application/octet-stream" },
  });
  return { status: response.status, body: (await response.json()) as Uploaded & { message: string } };
}

/** An attribute as the browser reads it (hast keeps lists such as `srcset` as arrays). */
function attr(node: Element, name: string): string | null {
  const value = node.properties[name];
  if (value === undefined || value === null || value === false) return null;
  return Array.isArray(value) ? value.join(", ") : String(value);
}

function within(node: Element, tagName: string, props: Record<string, unknown> = {}): Element[] {
  return elements(node as unknown as Root, tagName, props);
}

/** Whether EXIF data holds a GPS block (its pointer tag, 0x8825, in either byte order). */
function hasGpsBlock(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

async function openBuild(): Promise<BuildSummary> {
  const answer = await editor.get<{ builds: BuildSummary[] }>("/api/builds/all");
  return answer.body.builds.find((b) => b.status === "open")!;
}

const fields = (title: string) => pageFields(title, { date: "2026-11-20" });

let photo: Uploaded;
let wide: Uploaded;

describe("uploads", () => {
  test("a JPEG with GPS EXIF is kept without any metadata, in the open build, shown only to writers", async () => {
    const original = await jpegWithGps(1600, 1200);
    const before = await sharp(original).metadata();
    expect(hasGpsBlock(before.exif)).toBe(true);
    expect(original.includes(Buffer.from("Secret Camera 9"))).toBe(true);

    const answer = await upload(editor, original, "Tehran at night.JPG");
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Image uploaded");
    photo = answer.body;
    expect(photo.file).toMatch(/^media\/[0-9a-f]{16}-tehran-at-night\.jpg$/);
    expect(photo).toMatchObject({ url: `/${photo.file}`, width: 1600, height: 1200, published: false });

    // The build holds it as a commit of its own.
    const open = await openBuild();
    expect(open.commits.map((c) => [c.path, c.action])).toContainEqual([photo.file, "create"]);

    // Not public before publishing; the editor sees it (never cached).
    expect((await anonymous.raw("GET", photo.url)).status).toBe(404);
    expect((await member.raw("GET", photo.url)).status).toBe(404);
    const shown = await editor.raw("GET", photo.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/jpeg");
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const kept = Buffer.from(await shown.arrayBuffer());
    const after = await sharp(kept).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(kept.includes(Buffer.from("Secret Camera 9"))).toBe(false);
    expect(kept.includes(Buffer.from("Exif\0\0"))).toBe(false);
    expect([after.width, after.height]).toEqual([1600, 1200]);
  });

  test("the same picture uploaded again is the same file, not a second commit", async () => {
    const shown = Buffer.from(await (await editor.raw("GET", photo.url)).arrayBuffer());
    const again = await upload(editor, shown, "copy.jpg");
    expect(again.status).toBe(201);
    const before = (await openBuild()).commits.length;
    const third = await upload(editor, await jpegWithGps(1600, 1200), "Tehran at night.JPG");
    expect(third.body.file).toBe(photo.file);
    expect((await openBuild()).commits.length).toBe(before);
  });

  test("the type comes from the bytes: a PNG named .jpg stays a PNG; text named .png is refused", async () => {
    const png = await upload(editor, await picture(400, 300, "png"), "really-a-png.jpg");
    expect(png.status).toBe(201);
    expect(png.body.file).toMatch(/-really-a-png\.png$/);
    const text = await upload(editor, Buffer.from("just some text, not a picture"), "notes.png");
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(
      "This file is not an image the site takes. Upload a JPEG, PNG, WebP, AVIF or GIF image.",
    );
  });

  test("SVG is refused, with or without a script, whatever its name", async () => {
    const svg = Buffer.from(
      `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`,
    );
    for (const name of ["drawing.svg", "photo.jpg"]) {
      const answer = await upload(editor, svg, name);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        "SVG files are not accepted: they can carry scripts. Upload a JPEG, PNG, WebP, AVIF or GIF image.",
      );
    }
    const persian = new ApiClient(server.url, "fa");
    for (const [k, v] of editor.cookies) persian.cookies.set(k, v);
    const fa = await upload(persian, svg, "x.svg");
    expect(fa.body.message).toContain("SVG");
    expect(fa.body.message).toContain("پذیرفته نمی‌شوند");
  });

  test("limits: empty, over 10 MB, damaged; nobody without commit.create", async () => {
    expect((await upload(editor, new Uint8Array(0), "empty.jpg")).body.message).toBe("The file is empty.");
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await upload(editor, big, "big.jpg");
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("An image may be at most 10 MB.");
    const huge = await upload(editor, Buffer.alloc(13 * 1024 * 1024, 1), "huge.jpg");
    expect(huge.status).toBe(413);
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const bad = await upload(editor, damaged, "broken.jpg");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("This image could not be read. It may be damaged.");
    expect((await upload(member, await picture(100, 100), "m.jpg")).status).toBe(403);
    expect((await upload(anonymous, await picture(100, 100), "a.jpg")).status).toBe(401);
  });
});

describe("publishing", () => {
  test("a post with images is published with them: pictures with every format, width and size", async () => {
    wide = (await upload(editor, await picture(3200, 1800, "jpeg"), "wide.jpg")).body;
    const markdown = [
      "First paragraph.",
      "",
      `![A street in Tehran at night](${photo.url})`,
      "",
      `![A wide gradient](${wide.url})`,
    ].join("\n");
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/pictures",
      frontMatter: fields("Pictures"),
      markdown,
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    const open = await openBuild();
    const published = await editor.post("/api/builds/run", { buildId: open.id });
    expect(published.status).toBe(200);

    const response = await anonymous.raw("GET", "/en/notes/pictures");
    expect(response.status).toBe(200);
    const doc = parseHtml(await response.text());
    const pictures = within(elements(doc, "article")[0]!, "picture");
    expect(pictures).toHaveLength(2);
    const [first, second] = pictures;
    const types = within(first!, "source").map((s) => attr(s, "type"));
    expect(types).toEqual(["image/avif", "image/webp"]);
    const img = within(first!, "img")[0]!;
    expect(attr(img, "alt")).toBe("A street in Tehran at night");
    expect([attr(img, "width"), attr(img, "height")]).toEqual(["1600", "1200"]);
    expect(attr(img, "loading")).toBe("eager");
    expect(attr(img, "fetchPriority")).toBe("high");
    expect(attr(img, "sizes")).toBeTruthy();
    const key = /\/img\/([0-9a-f]{16})\//.exec(attr(img, "src")!)![1];
    // Offered: every width below 1600 and the first at or above it (made at 1600: never enlarged).
    expect(attr(img, "srcSet")).toBe(
      [320, 640, 768, 1024, 1280, 1536, 2048].map((w) => `/img/${key}/${w}.jpg ${Math.min(w, 1600)}w`).join(", "),
    );
    const secondImg = within(second!, "img")[0]!;
    expect(attr(secondImg, "loading")).toBe("lazy");
    expect(attr(secondImg, "fetchPriority")).toBeNull();
    const wideSet = attr(within(second!, "source", { type: "image/webp" })[0]!, "srcSet")!;
    expect(wideSet.split(", ").map((s) => Number(s.split(" ")[1]!.slice(0, -1)))).toEqual(CONTENT_PIXEL_WIDTHS);

    // Now public, for good.
    const file = await anonymous.raw("GET", photo.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("the site's repository holds the images as binary files, byte for byte", async () => {
    const repo = await clone(`${server.url}/git/content.git`);
    const stored = Buffer.from(await (await anonymous.raw("GET", photo.url)).arrayBuffer());
    expect(await readFile(path.join(repo, photo.file))).toEqual(stored);
    expect(await git(repo, "log", "-1", "--format=%s")).toMatch(/^Build /);
    const files = await git(repo, "show", "--stat", "--format=", "HEAD");
    expect(files).toContain("Bin 0 ->");
  });

  test("Open Graph uses the image service for a media thumbnail", async () => {
    const open = await editor.get<{ hash: string; text: string }>(`/api/builds/source?locale=en&path=/notes/pictures`);
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/pictures",
      frontMatter: { ...fields("Pictures"), thumbnail: wide.url },
      markdown: `![A street in Tehran at night](${photo.url})`,
      baseHash: open.body.hash,
    });
    expect(saved.status).toBe(201);
    expect((await editor.post("/api/builds/run", { buildId: (await openBuild()).id })).status).toBe(200);
    const doc = parseHtml(await (await anonymous.raw("GET", "/en/notes/pictures")).text());
    const og = metaContent(doc, { property: "og:image" })!;
    expect(og).toMatch(/\/img\/[0-9a-f]{16}\/1280\.jpg$/);
    expect(metaContent(doc, { property: "og:image:width" })).toBe("1280");
    expect(metaContent(doc, { property: "og:image:height" })).toBe("720");
    const shared = await anonymous.raw("GET", new URL(og).pathname);
    expect(shared.status).toBe(200);
    expect((await sharp(Buffer.from(await shared.arrayBuffer())).metadata()).width).toBe(1280);
    // The thumbnail is now the first picture (eager); the body's image loads lazily.
    const images = within(elements(doc, "article")[0]!, "picture").map((p) => within(p, "img")[0]!);
    expect(attr(images[0]!, "fetchPriority")).toBe("high");
    expect(attr(images[1]!, "loading")).toBe("lazy");
  });
});

describe("images no page uses", () => {
  test("are left out of the publish: an upload whose dialog was cancelled is not committed", async () => {
    const used = (await upload(editor, await picture(640, 480, "png"), "kept.png")).body;
    const cancelled = (await upload(editor, await picture(641, 481, "png"), "cancelled.png")).body;
    expect([used.published, cancelled.published]).toEqual([false, false]);
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/one-picture",
      frontMatter: fields("One picture"),
      markdown: `Only one picture here.\n\n![Kept](${used.url})\n`,
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    const published = await editor.post("/api/builds/run", { buildId: (await openBuild()).id });
    expect(published.status).toBe(200);

    expect((await anonymous.raw("GET", used.url)).status).toBe(200);
    expect((await anonymous.raw("GET", cancelled.url)).status).toBe(404);
    const repo = await clone(`${server.url}/git/content.git`);
    const tree = await git(repo, "ls-tree", "-r", "--name-only", "HEAD");
    expect(tree).toContain(used.file);
    expect(tree).not.toContain(cancelled.file);
  });

  test("a build holding only images no page uses has nothing to publish, and says so", async () => {
    const alone = (await upload(editor, await picture(642, 482, "png"), "alone.png")).body;
    const build = await openBuild();
    const answer = await editor.post("/api/builds/run", { buildId: build.id });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("This build holds only images that no page uses: there is nothing to publish.");
    // Nothing changed: the image still waits in the open build, where a page may still use it.
    expect((await openBuild()).id).toBe(build.id);
    expect((await editor.raw("GET", alone.url)).status).toBe(200);
    expect((await anonymous.raw("GET", alone.url)).status).toBe(404);
  });
});

describe("publishing to GitHub", () => {
  const token = "github-token-for-media";
  let github: GithubDouble;
  let admin: ApiClient;
  beforeAll(async () => {
    github = await startGithubDouble(token, { "README.md": "# Notebook\n" });
    admin = new ApiClient(server.url);
    await admin.login("admin");
  });
  afterAll(async () => {
    // The site's own repository again, for the tests after these.
    await admin?.put("/api/builds/host", { kind: "local" });
    await github?.close();
  });

  test("an image published to a GitHub host arrives byte for byte, sent through the blobs call", async () => {
    const host = await admin.put("/api/builds/host", {
      kind: "github",
      url: `https://github.com/${github.owner}/${github.repo}`,
      branch: "main",
      apiUrl: github.apiUrl,
      token,
    });
    expect(host.status, JSON.stringify(host.body)).toBe(200);
    const start = await github.head();
    // Bytes that are not UTF-8 text: any decoding as text on the way would change them.
    const uploaded = (await upload(editor, await picture(900, 600, "png"), "بندر.png")).body;
    const saved = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "fa",
      path: "/notes/bandar",
      frontMatter: fields("بندر"),
      markdown: `![بندر در غروب](${uploaded.url})`,
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    const published = await admin.post("/api/builds/run", { buildId: (await openBuild()).id });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const head = await github.head();
    expect(head).not.toBe(start);
    const served = Buffer.from(await (await anonymous.raw("GET", uploaded.url)).arrayBuffer());
    expect(served.subarray(0, 8)).toEqual(Buffer.from("\x89PNG\r\n\x1a\n", "latin1"));
    const arrived = Buffer.from(await gitBytes(github.gitdir, `${head}:${uploaded.file}`));
    expect(arrived).toEqual(served);
    expect(github.requests).toContain(`POST /repos/${github.owner}/${github.repo}/git/blobs`);
    // Read back through the API as GitHub answers (base64 in lines), the same bytes.
    const blobSha = await git(github.gitdir, "--git-dir=.", "rev-parse", `${head}:${uploaded.file}`);
    const answer = (await (
      await fetch(`${github.apiUrl}/repos/${github.owner}/${github.repo}/git/blobs/${blobSha}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { content: string; encoding: string; size: number };
    expect(answer.encoding).toBe("base64");
    expect(answer.size).toBe(served.length);
    expect(Buffer.from(answer.content, "base64")).toEqual(served);
  });
});

describe("the image service", () => {
  const keyOf = (file: string) => /^media\/([0-9a-f]{16})-/.exec(file)![1]!;

  test("every width at both densities, in every format, with the right size and a year of caching", async () => {
    const key = keyOf(wide.file);
    const formats = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;
    for (const width of CONTENT_PIXEL_WIDTHS) {
      for (const [ext, format] of Object.entries(formats)) {
        const response = await anonymous.raw("GET", `/img/${key}/${width}.${ext}`);
        expect(response.status, `${width}.${ext}`).toBe(200);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((1800 * width) / 3200));
      }
    }
  }, 240_000);

  test("sizes and formats not on the list are refused", async () => {
    const key = keyOf(photo.file);
    for (const name of [
      "100.webp",
      "1000.webp",
      "4096.jpg",
      "641.avif",
      "640.png",
      "640.gif",
      "640.bmp",
      "0640.webp",
    ]) {
      expect((await anonymous.raw("GET", `/img/${key}/${name}`)).status, name).toBe(404);
    }
    expect((await anonymous.raw("GET", `/img/0000000000000000/640.webp`)).status).toBe(404);
    expect((await anonymous.raw("GET", `/img/not-a-key/640.webp`)).status).toBe(404);
    // An image still waiting in a build has no variants.
    const waiting = await upload(editor, await picture(800, 600), "waiting.jpg");
    expect((await anonymous.raw("GET", `/img/${keyOf(waiting.body.file)}/640.webp`)).status).toBe(404);
  });

  test("50 concurrent first requests make one variant once; later requests are cache hits", async () => {
    const key = keyOf(photo.file);
    const url = `/img/${key}/1536.avif`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => anonymous.raw("GET", url)));
    const outcomes = answers.map((a) => a.headers.get("x-image-cache"));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o === "miss")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "wait")).toHaveLength(49);
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(1);
    const later = await anonymous.raw("GET", url);
    expect(later.headers.get("x-image-cache")).toBe("hit");
    expect(Buffer.from(await later.arrayBuffer())).toEqual(bodies[0]);
    const cached = await readFile(path.join(process.env.DATA_DIR!, "image-cache", key, "1536.avif"));
    expect(cached).toEqual(bodies[0]);
  });
});

describe("profile pictures", () => {
  const avatarKey = async (client: ApiClient) => {
    const html = await (await client.raw("GET", "/en/profile")).text();
    const img = elements(html, "img", { dataTestid: "avatar-image" })[0];
    return img ? /\/img\/([0-9a-f]{16})\//.exec(String(img.properties.src))![1]! : null;
  };

  test("a member sets a picture: square, without metadata, at every avatar size, shown everywhere", async () => {
    const answer = await member.raw("PUT", "/api/users/avatar", { body: await jpegWithGps(800, 600) });
    const body = (await answer.json()) as { message: string; avatar: string };
    expect(answer.status).toBe(200);
    expect(body.message).toBe("Profile picture saved");
    expect(body.avatar).toMatch(/^[0-9a-f]{16}$/);
    expect(await avatarKey(member)).toBe(body.avatar);
    for (const size of AVATAR_PIXEL_SIZES) {
      const variant = await anonymous.raw("GET", `/img/${body.avatar}/${size}.webp`);
      expect(variant.status, String(size)).toBe(200);
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([size, size, undefined]);
    }
    // Content widths are not avatar sizes.
    expect((await anonymous.raw("GET", `/img/${body.avatar}/640.webp`)).status).toBe(404);
    expect((await anonymous.raw("GET", `/img/${body.avatar}/33.webp`)).status).toBe(404);
    // The users table shows it.
    const admin = new ApiClient(server.url);
    await admin.login("admin");
    const listed = await admin.get<{ users: { userName: string; avatar: string | null }[] }>("/api/users/all");
    expect(listed.body.users.find((u) => u.userName === "member")?.avatar).toBe(body.avatar);
  });

  test("an SVG or a text file is refused and the picture stays", async () => {
    const before = await avatarKey(member);
    const svg = await member.raw("PUT", "/api/users/avatar", {
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.status).toBe(400);
    expect(await avatarKey(member)).toBe(before);
    expect((await anonymous.raw("PUT", "/api/users/avatar", { body: await picture(64, 64) })).status).toBe(401);
  });

  test("removing it brings the initials back and the picture is no longer served", async () => {
    const key = (await avatarKey(member))!;
    const removed = await member.delete("/api/users/avatar");
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Profile picture removed");
    expect(await avatarKey(member)).toBeNull();
    expect((await anonymous.raw("GET", `/img/${key}/64.webp`)).status).toBe(404);
  });
});

describe("site icons", () => {
  const bytes = async (client: ApiClient, url: string) => {
    const response = await client.raw("GET", url);
    expect(response.status, url).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  test("every icon and the manifest are made from the bundled icon, the theme colour in the manifest", async () => {
    const ico = await bytes(anonymous, "/favicon.ico");
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    for (const [file, size] of [
      ["/icon-192.png", 192],
      ["/icon-512.png", 512],
      ["/apple-touch-icon.png", 180],
      ["/icon-maskable.png", 512],
    ] as const) {
      const meta = await sharp(await bytes(anonymous, file)).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual(["png", size, size]);
    }
    const manifest = JSON.parse((await bytes(anonymous, "/manifest.webmanifest")).toString("utf8")) as {
      theme_color: string;
      icons: { src: string; purpose?: string }[];
    };
    expect(manifest.theme_color).toBe("#18181b");
    expect(manifest.icons.map((i) => i.src)).toEqual([
      "/icon-192.png?v=default",
      "/icon-512.png?v=default",
      "/icon-maskable.png?v=default",
    ]);
    expect(manifest.icons.at(-1)!.purpose).toBe("maskable");
  });

  test("the owner replaces the source image; too small is refused; the default comes back", async () => {
    const admin = new ApiClient(server.url);
    await admin.login("admin");
    const before = await bytes(anonymous, "/icon-512.png");
    expect((await editor.raw("PUT", "/api/settings/icon", { body: await picture(600, 600, "png") })).status).toBe(403);
    const small = await admin.raw("PUT", "/api/settings/icon", { body: await picture(300, 300, "png") });
    expect(small.status).toBe(400);
    expect(((await small.json()) as { message: string }).message).toBe("The icon must be at least 512 × 512 pixels.");
    const saved = await admin.raw("PUT", "/api/settings/icon", { body: await picture(800, 600, "jpeg") });
    expect(saved.status).toBe(200);
    const after = await bytes(anonymous, "/icon-512.png");
    expect(after.equals(before)).toBe(false);
    const manifest = JSON.parse((await bytes(anonymous, "/manifest.webmanifest")).toString("utf8")) as {
      icons: { src: string }[];
    };
    expect(manifest.icons[0]!.src).toMatch(/^\/icon-192\.png\?v=[0-9a-f]{16}$/);
    const history = await admin.get<{ entries: { changes: { field: string }[] }[] }>("/api/settings/history");
    expect(JSON.stringify(history.body)).toContain('"icon"');
    expect((await admin.raw("DELETE", "/api/settings/icon")).status).toBe(200);
    expect((await bytes(anonymous, "/icon-512.png")).equals(before)).toBe(true);
  });
});
