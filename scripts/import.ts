/**
 * `npm run import -- --wordpress export.xml | --ghost export.json --as <user> [--media folder|zip] [--fetch-images]
 * [--dry-run] [--locale fa|en]`: moves a site in from WordPress or Ghost with the services the dashboard uses.
 * Prints the preview's summary and its problems, then (unless --dry-run) imports everything as one build of
 * the site and prints the report: what was made, images that stayed links, and the redirects the old addresses
 * need.
 *
 *   --as USER          the member the import is made as (they must be allowed to publish)
 *   --media PATH       the old site's uploads (wp-content/uploads, or Ghost's content/images): the folder, or a
 *                      zip of it (read where it lies, never unpacked; refused whole past its bounds)
 *   --fetch-images     bring images the folder lacks from their addresses (public addresses only)
 *   --dry-run          the preview only: nothing is written
 */
import { readFileSync, statSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    wordpress: { type: "string" },
    ghost: { type: "string" },
    media: { type: "string" },
    as: { type: "string" },
    "fetch-images": { type: "boolean", default: false },
    "dry-run": { type: "boolean", default: false },
    locale: { type: "string", default: "en" },
    help: { type: "boolean", short: "h" },
  },
});

function fail(message: string): never {
  console.error(`import: ${message}`);
  process.exit(1);
}

if (values.help) {
  console.log(readFileSync(new URL(import.meta.url), "utf8").split("*/")[0]);
  process.exit(0);
}
if (Boolean(values.wordpress) === Boolean(values.ghost)) fail("give one export: --wordpress FILE or --ghost FILE");
const locale = values.locale === "fa" ? "fa" : "en";
const mediaInfo = values.media ? statSync(values.media, { throwIfNoEntry: false }) : undefined;
if (values.media && !mediaInfo?.isDirectory() && !mediaInfo?.isFile()) {
  fail("--media must be a folder or a zip of it (the old site's uploads)");
}

const { config, ConfigError } = await import("~/config.server");
try {
  config();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const { serverT } = await import("~/i18n/catalogs.server");
const { ServiceError } = await import("~/lib/service-error");
const { closeDatabase, getDb } = await import("~/db/client.server");
const { findUserByName, permissionsOf } = await import("~/auth/users.server");
const { readExport } = await import("~/import/read-export.server");
const { planImport } = await import("~/import/plan.server");
const { applyImport, importProgress } = await import("~/import/apply.server");
const { redirectsOf } = await import("~/import/redirects.server");
const { mediaFolder } = await import("~/import/media-source.server");
const { openMediaZip } = await import("~/import/media-zip.server");
const t = serverT(locale);

// A zip is checked whole before anything is read or written: a refused one changes nothing.
let zip: Awaited<ReturnType<typeof openMediaZip>> | null = null;
try {
  if (values.media && !mediaInfo!.isDirectory()) zip = await openMediaZip(values.media);
  const media = values.media && !zip ? mediaFolder(values.media) : zip;
  const db = await getDb();
  let userId: number | null = null;
  // Adding categories is a change of the settings: without settings.edit the items go to the site's categories.
  let mayAddCategories = true;
  if (!values["dry-run"]) {
    const user = values.as ? await findUserByName(db, values.as) : undefined;
    if (!user) fail(values.as ? `no member named ${values.as}` : "--as USER is required to import");
    if (!(await permissionsOf(db, user.id)).has("builds.push")) fail(`${values.as} may not publish (builds.push)`);
    userId = user.id;
    mayAddCategories = (await permissionsOf(db, user.id)).has("settings.edit");
  }
  const site = values.wordpress
    ? await readExport("wordpress", values.wordpress)
    : await readExport("ghost", values.ghost!);
  const plan = await planImport(db, site, { mayAddCategories });
  const { counts } = plan;
  console.log(`${site.title} (${site.source}${site.baseUrl ? `, ${site.baseUrl}` : ""})`);
  console.log(
    `  ${counts.items} items (${counts.posts} posts, ${counts.pages} pages, ${counts.drafts} drafts), ` +
      `${counts.images} images, comments: ${counts.comments.approved} approved, ${counts.comments.pending} pending, ` +
      `${counts.comments.spam} spam, ${counts.comments.trash} in the trash`,
  );
  console.log(
    `  categories: ${plan.categories.map((c) => `${c.slug} (${c.state === "new" ? "new" : "the site's"})`).join(", ") || "none"}`,
  );
  if (counts.existing) console.log(`  ${counts.existing} items were imported before: left as they are`);
  const problems = [
    ...plan.problems,
    ...plan.items.flatMap((item) => item.problems.filter((p) => p.message !== "import.plan.exists")),
  ];
  for (const problem of problems) {
    const text = problem.message.includes(".")
      ? t(problem.message as Parameters<typeof t>[0], problem.values)
      : problem.message;
    console.log(`  ! ${problem.key ?? "export"}: ${text}`);
  }
  const redirects = redirectsOf(site, plan);
  if (values["dry-run"]) {
    console.log(`Dry run: nothing was written. ${redirects.length} old addresses would need a redirect.`);
  } else {
    // What any instance would show of this import, every few seconds.
    const shown = setInterval(() => {
      void importProgress(db).then((now) => {
        if (now?.state === "running") console.log(`  … ${now.phase}: ${now.done}/${now.total}`);
      });
    }, 3000);
    const report = await applyImport(db, plan, {
      userId: userId!,
      media,
      fetchImages: values["fetch-images"],
      locale,
    }).finally(() => clearInterval(shown));
    if (report.runId === null) console.log(t("import.apply.nothingToDo"));
    else {
      console.log(t("import.apply.done", { pages: report.pages, comments: report.comments, images: report.images }));
      console.log(`  build #${report.buildId}: ${report.drafts} drafts, ${report.categories} new categories`);
      for (const failure of report.imageFailures) {
        console.log(`  ! image ${failure.address}: ${t(`import.image.${failure.reason}`)}`);
      }
      console.log(t("import.report.redirects", { count: report.redirects }));
      for (const refused of report.redirectsRefused) {
        console.log(`  ! ${refused.from} -> ${refused.to}: ${t(`import.redirect.${refused.reason}`)}`);
      }
    }
  }
} catch (error) {
  if (error instanceof ServiceError) fail(t(error.key, error.vars));
  throw error;
} finally {
  zip?.close();
  await closeDatabase();
}
