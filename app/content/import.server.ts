import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "~/config.server";
import type { Database } from "~/db/client.server";
import { pages } from "~/db/schema";
import { locales, type Locale } from "~/i18n/locales";
import { parseContentFile, publishTime, type FrontMatter } from "./front-matter";

export const bundledContentDir = path.join(projectRoot, "content");

export interface ContentFile {
  locale: Locale;
  /** The page's path on the site: "/", "/about", "/notes", "/notes/some-post". */
  path: string;
  frontMatter: FrontMatter;
  body: string;
  /** The file in the content repository ("content/fa/notes/x.md"), and its text as read. */
  file?: string;
  source?: string;
}

/** "notes/index.md" → "/notes", "about.md" → "/about", "index.md" → "/". */
export function pagePathOf(relativeFile: string): string {
  const withoutExt = relativeFile.replace(/\\/g, "/").replace(/\.md$/, "");
  const trimmed = withoutExt === "index" ? "" : withoutExt.replace(/\/index$/, "");
  return `/${trimmed}`;
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Reads `<dir>/<locale>/**\/*.md`; a file with bad front matter fails the whole read, naming the file. */
export async function readContentDirectory(dir = bundledContentDir): Promise<ContentFile[]> {
  const files: ContentFile[] = [];
  for (const locale of locales) {
    const localeDir = path.join(dir, locale);
    for (const relative of await markdownFiles(localeDir)) {
      const source = await readFile(path.join(localeDir, relative), "utf8");
      try {
        const { frontMatter, body } = parseContentFile(source);
        const file = `content/${locale}/${relative.replace(/\\/g, "/")}`;
        files.push({ locale, path: pagePathOf(relative), frontMatter, body, file, source });
      } catch (error) {
        throw new Error(`${locale}/${relative}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    }
  }
  return files;
}

/** What a page shows and is listed by, as its file's front matter says it (a preview renders from this alone). */
export function summaryFields(file: Pick<ContentFile, "locale" | "path" | "frontMatter">) {
  const fm = file.frontMatter;
  return {
    locale: file.locale,
    path: file.path,
    title: fm.title,
    description: fm.description,
    date: fm.date ?? null,
    category: fm.category ?? null,
    tags: fm.tags,
    thumbnail: fm.thumbnail ?? null,
    author: fm.author ?? null,
    translationOf: fm.translationOf ?? null,
    seoTitle: fm.seoTitle ?? null,
    seoDescription: fm.seoDescription ?? null,
    toc: fm.toc,
    comments: fm.comments,
    intro: fm.intro,
  };
}

/** A content file's row; a page whose `publishAt` is after `now` is withheld until then. */
export function pageValues(file: ContentFile, now = Date.now()): typeof pages.$inferInsert {
  const fm = file.frontMatter;
  const publishAt = publishTime(fm.publishAt);
  return {
    ...summaryFields(file),
    draft: fm.draft,
    publishAt: publishAt === null ? null : new Date(publishAt),
    withheld: publishAt !== null && publishAt > now,
    body: file.body,
    file: file.file ?? null,
    source: file.source ?? null,
  };
}

/**
 * Imports the bundled content: one row per locale and path. Pages that already exist are left as they are,
 * so running it again (or after the editor changed a page) never overwrites anyone's writing.
 */
export async function importContent(db: Database, files: ContentFile[]): Promise<{ added: number; kept: number }> {
  let added = 0;
  for (const file of files) {
    const inserted = await db.insert(pages).values(pageValues(file)).onConflictDoNothing().returning({ id: pages.id });
    added += inserted.length;
  }
  return { added, kept: files.length - added };
}
