/**
 * The old site's uploads given as a zip: read where it lies, whatever folders the zip keeps the uploads under,
 * the images imported as from the folder; a hostile zip (names that climb out, links, a zip bomb, sizes past the
 * bounds, encrypted entries, not a zip at all) refused whole with its message in the user's language, before
 * anything is written.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { commits, importedItems } from "~/db/schema";
import { serverT } from "~/i18n/catalogs.server";
import { openMediaZip, ZIP_LIMITS, type ZipLimits } from "~/import/media-zip.server";
import { ServiceError } from "~/lib/service-error";
import { fullExport } from "../fixtures/import/wordpress-export";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";
import { picture } from "../helpers/images";
import { runScript } from "../helpers/run-script";
import { seedDatabaseAt } from "../helpers/seed";
import { makeZip, type ZipEntry } from "../helpers/zip";

let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  jpeg = await picture(320, 240);
  png = await picture(64, 48, "png");
}, 120_000);

let written = 0;
function zipFile(entries: readonly ZipEntry[]): string {
  const file = path.join(process.env.TMPDIR!, `media-${++written}.zip`);
  writeFileSync(file, makeZip(entries));
  return file;
}

/** The refusal `openMediaZip` gives the zip, as its message key and values. */
async function refusal(entries: readonly ZipEntry[] | Buffer, limits?: ZipLimits) {
  const file = Buffer.isBuffer(entries)
    ? (writeFileSync(path.join(process.env.TMPDIR!, "raw.zip"), entries), path.join(process.env.TMPDIR!, "raw.zip"))
    : zipFile(entries);
  const error = await openMediaZip(file, limits).then(
    (zip) => {
      zip.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const { key, vars, status } = error as ServiceError;
  return { key, vars, status };
}

describe("a zip of the uploads", () => {
  test.each([
    ["wp-content/uploads/", "the whole wp-content folder"],
    ["uploads/", "the uploads folder"],
    ["site/public/wp-content/uploads/", "a copy of the whole site"],
    ["", "the uploads' contents"],
  ])("read under %s (%s), nested folders and all, nothing unpacked", async (prefix) => {
    const zip = await openMediaZip(
      zipFile([
        { name: `${prefix}2019/` },
        { name: `${prefix}2019/05/` },
        { name: `${prefix}2019/05/gol.jpg`, data: jpeg },
        { name: `${prefix}2020/01/deep/نقشه.png`, data: png, deflate: true },
        { name: `${prefix}2020/01/notes.txt`, data: Buffer.from("x".repeat(5000)), deflate: true },
      ]),
    );
    try {
      expect(zip.files).toBe(3);
      expect(await zip.read("2019/05/gol.jpg")).toEqual({ ok: true, bytes: jpeg, name: "gol.jpg" });
      expect(await zip.read("2020/01/deep/نقشه.png")).toEqual({ ok: true, bytes: png, name: "نقشه.png" });
      expect(await zip.read("2019/05/none.jpg")).toEqual({ ok: false, reason: "missing" });
      for (const climbing of ["../gol.jpg", "2019/../../gol.jpg", "/2019/05/gol.jpg", "2019\\05\\gol.jpg"]) {
        expect(await zip.read(climbing)).toEqual({ ok: false, reason: "refused" });
      }
    } finally {
      zip.close();
    }
  });

  test("a name the zip writes decomposed (as a Mac does) is the export's composed name", async () => {
    const composed = "2021/02/آینه-و-ئیل.jpg";
    expect(composed.normalize("NFD")).not.toBe(composed);
    const zip = await openMediaZip(zipFile([{ name: `wp-content/uploads/${composed.normalize("NFD")}`, data: jpeg }]));
    try {
      expect(await zip.read(composed)).toMatchObject({ ok: true, bytes: jpeg });
    } finally {
      zip.close();
    }
  });

  test("an image larger than an upload may be is not read; an entry that does not hold what it declares is that image's failure", async () => {
    const big = randomBytes(11 * 1024 * 1024);
    // The entry unpacks to fewer bytes than the directory declares.
    const file = zipFile([{ name: "2019/05/gol.jpg", data: jpeg, deflate: true, declaredSize: jpeg.length + 5 }]);
    const broken = await openMediaZip(file);
    expect(await broken.read("2019/05/gol.jpg")).toEqual({ ok: false, reason: "rejected" });
    broken.close();
    const large = await openMediaZip(zipFile([{ name: "2019/big.jpg", data: big, deflate: true }]));
    expect(await large.read("2019/big.jpg")).toEqual({ ok: false, reason: "rejected" });
    large.close();
  });
});

describe("a hostile zip is refused whole, named", () => {
  test.each([
    ["../../etc/cron.d/x"],
    ["uploads/../../x.jpg"],
    ["/etc/passwd"],
    ["C:/Windows/x.jpg"],
    ["2019\\..\\..\\x.jpg"],
    ["2019/05/a\0.jpg"],
  ])("a name that leads out: %j", async (name) => {
    const refused = await refusal([
      { name: "2019/05/gol.jpg", data: jpeg },
      { name, data: Buffer.from("x") },
    ]);
    expect(refused).toMatchObject({ status: 400, key: "import.error.zipBadName" });
    expect(refused.vars!.name).not.toContain("\0");
  });

  test("a link, whatever it points at", async () => {
    expect(
      await refusal([{ name: "2019/05/gol.jpg", data: Buffer.from("/etc/passwd"), mode: 0o120777 }]),
    ).toMatchObject({ key: "import.error.zipLink", vars: { name: "2019/05/gol.jpg" } });
  });

  test("a zip bomb: an entry that unpacks to far more than it takes", async () => {
    expect(
      await refusal([{ name: "2019/05/zeros.jpg", data: Buffer.alloc(8 * 1024 * 1024), deflate: true }]),
    ).toMatchObject({ key: "import.error.zipBomb", vars: { name: "2019/05/zeros.jpg", ratio: ZIP_LIMITS.ratio } });
  });

  test("an entry, or all of them, declaring more than the bounds", async () => {
    const huge = 0xf0000000;
    expect(
      await refusal([{ name: "video.mp4", data: Buffer.from("x"), declaredSize: huge, declaredCompressedSize: huge }]),
    ).toMatchObject({ key: "import.error.zipEntryTooLarge", vars: { name: "video.mp4", max: 1024 } });
    const many = Array.from({ length: 25 }, (_, i) => ({
      name: `v${i}.mp4`,
      data: Buffer.from("x"),
      declaredSize: 900 * 1024 ** 2,
      declaredCompressedSize: 900 * 1024 ** 2,
    }));
    expect(await refusal(many)).toMatchObject({ status: 413, key: "import.error.zipTooLarge", vars: { max: 20 } });
  });

  test("more entries than allowed", async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ name: `2019/${i}.jpg`, data: jpeg }));
    expect(await refusal(entries, { ...ZIP_LIMITS, entries: 10 })).toMatchObject({
      key: "import.error.zipTooManyEntries",
      vars: { max: 10 },
    });
  });

  test("an encrypted entry, and a file that is no zip", async () => {
    // Traditional encryption puts a 12-byte header before the data.
    const encrypted = { name: "2019/a.jpg", data: jpeg, flags: 1, declaredCompressedSize: jpeg.length + 12 };
    expect(await refusal([encrypted])).toMatchObject({
      key: "import.error.zipEncrypted",
    });
    expect(await refusal(Buffer.from("PK\u0003\u0004 not really a zip"))).toMatchObject({
      key: "import.error.zipUnreadable",
    });
  });
});

describe("the command line", () => {
  const env = () => ({ DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: process.env.DATA_DIR! });
  let exportFile: string;
  beforeAll(() => {
    exportFile = path.join(process.env.TMPDIR!, "export.xml");
    writeFileSync(exportFile, fullExport);
  });

  test("a hostile zip is refused in the user's language and nothing changes", async () => {
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const hostile = zipFile([
      { name: "wp-content/uploads/2019/05/gol.jpg", data: jpeg },
      { name: "wp-content/uploads/../../../.ssh/authorized_keys", data: Buffer.from("ssh-ed25519 AAAA") },
    ]);
    const run = await runScript(
      "import",
      ["--wordpress", exportFile, "--as", "admin", "--media", hostile, "--locale", "fa"],
      env(),
    );
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      serverT("fa")("import.error.zipBadName", { name: "wp-content/uploads/../../../.ssh/authorized_keys" }),
    );
    await expectDatabaseUnchanged(db, before);
  }, 120_000);

  test("the export's images come from the zip", async () => {
    const media = zipFile([
      { name: "wp-content/uploads/2019/05/gol.jpg", data: jpeg },
      { name: "wp-content/uploads/2019/05/sea.jpg", data: jpeg, deflate: true },
    ]);
    const run = await runScript("import", ["--wordpress", exportFile, "--as", "admin", "--media", media], env());
    expect(run.code, run.output).toBe(0);
    const db = await getDb();
    const images = await db
      .select({ key: importedItems.key, target: importedItems.target })
      .from(importedItems)
      .where(eq(importedItems.kind, "image"))
      .all();
    expect(images.map((i) => i.key)).toContain("image:https://blog.example.ir/wp-content/uploads/2019/05/gol.jpg");
    const files = await db.select({ path: commits.path }).from(commits).where(like(commits.path, "%gol%")).all();
    expect(files.length).toBeGreaterThan(0);
    expect(run.output).not.toMatch(/! image .*gol\.jpg/);
  }, 120_000);
});
