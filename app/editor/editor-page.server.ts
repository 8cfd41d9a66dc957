/**
 * What the editor page loads: the page's latest version split into its fields and markdown (or an empty new
 * page), the categories to choose from, and, when translating, the page in the other language to work from.
 */
import { data } from "react-router";
import type { CurrentUser } from "~/auth/current-user.server";
import { pageSource, type PageSource } from "~/builds/builds.server";
import { pageOfEditorPath, type PageAddress } from "~/builds/files";
import { editorPathOf } from "~/content/editor-link";
import { linkedFrom } from "~/content/translations.server";
import { defaultShareImage } from "~/content/head.server";
import { plainTextRendering, renderForEditor, renderMarkdown } from "~/content/markdown/render-markdown.server";
import { getDb } from "~/db/client.server";
import { serverT } from "~/i18n/catalogs.server";
import { isLocale, localizePath, otherLocale, parseLocalizedPath, type Locale } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { siteOrigin } from "~/lib/site-origin.server";
import { getAppConfig } from "~/settings/app-config.server";
import { editableFile } from "~/builds/content-file";
import type { FrontMatterFields } from "~/builds/commit-schema";
import type { JSONContent } from "@tiptap/core";

export interface EditorPage {
  locale: Locale;
  /** The page's address ("" for a new page that has none yet). */
  path: string;
  exists: boolean;
  published: boolean;
  /** The version is in the open build, not published. */
  pending: boolean;
  hash: string | null;
  fields: FrontMatterFields;
  markdown: string;
  /**
   * The text as the site renders it, shown in the editor's place until the editor is ready (the first paint has
   * the page, and nothing moves when the editor takes its place); "" for a new page, or text that cannot be rendered.
   */
  html: string;
  /**
   * The editor's document for `markdown`, read on the server's rendering threads (the browser makes the editor
   * from it without the markdown reader); null when it could not be read now, and the browser reads it.
   */
  document: JSONContent | null;
}

export interface EditorData {
  page: EditorPage;
  categories: { slug: string; label: string }[];
  /** The page in the other language, when this one is its translation (shown beside the editor). */
  original: { locale: Locale; title: string; html: string; editorUrl: string } | null;
  /** The same page in the other language: where to edit it, or to start translating into it. */
  other: { locale: Locale; exists: boolean; url: string } | null;
  /** The published page's address on the site. */
  viewUrl: string | null;
  canPublish: boolean;
  /** The site as search engines and social cards name it, in the page's language: for the panel's previews. */
  site: { name: string; description: string; origin: string; shareImage: string };
  /** The signed-in writer's name: a new post's author. */
  writer: string;
}

const emptyFields: FrontMatterFields = {
  title: "",
  description: "",
  date: "",
  category: "",
  tags: [],
  thumbnail: "",
  author: "",
  translationOf: "",
  seoTitle: "",
  seoDescription: "",
  publishAt: "",
  toc: false,
  comments: false,
  draft: false,
  intro: false,
};

/** A content file as the editor's form and text hold it. Throws ContentParseError on a front matter it cannot read. */
export function fieldsOf(text: string): { fields: FrontMatterFields; markdown: string } {
  const { frontMatter: fm, markdown } = editableFile(text);
  return {
    fields: {
      title: fm.title,
      description: fm.description,
      date: fm.date ?? "",
      category: fm.category ?? "",
      tags: fm.tags,
      thumbnail: fm.thumbnail ?? "",
      author: fm.author ?? "",
      translationOf: fm.translationOf ?? "",
      seoTitle: fm.seoTitle ?? "",
      seoDescription: fm.seoDescription ?? "",
      publishAt: fm.publishAt ?? "",
      toc: fm.toc,
      comments: fm.comments,
      draft: fm.draft,
      intro: fm.intro,
    },
    markdown,
  };
}

function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * The editor's data for `user` (who may create commits: the route's guard checked it) at the request's address,
 * whose path ends with `rest`: the page's address, or nothing for a new page.
 */
export async function loadEditor(request: Request, user: CurrentUser, rest: string | undefined) {
  const url = new URL(request.url);
  const uiLocale = parseLocalizedPath(url.pathname).locale;
  let address: PageAddress | null = null;
  if (rest !== undefined && rest !== "") {
    let decoded: string;
    try {
      decoded = decodeURIComponent(rest).normalize("NFC");
    } catch {
      notFound();
    }
    address = pageOfEditorPath(decoded);
    if (!address) notFound();
  }
  const db = await getDb();
  const asked = url.searchParams.get("locale");
  const locale = address?.locale ?? (isLocale(asked) ? asked : uiLocale);
  const source: PageSource | null = address ? await pageSource(db, address) : null;

  let page: EditorPage;
  if (source?.exists) {
    page = {
      locale,
      path: source.path,
      exists: true,
      published: source.published,
      pending: source.pending,
      hash: source.hash,
      ...fieldsOf(source.text),
      html: "",
      document: null,
    };
  } else {
    page = {
      locale,
      path: address?.path ?? "",
      exists: false,
      published: false,
      pending: false,
      hash: null,
      fields: emptyFields,
      markdown: "",
      html: "",
      document: null,
    };
  }
  // Its text may be a draft: rendered in the drafts' lane, and read into the editor's document there; what cannot
  // be rendered now (too much, or the threads busy) is simply not shown early, and the browser reads the text.
  const ready = await renderForEditor(page.markdown, { locale, siteOrigin: siteOrigin(request) }, request.signal).catch(
    (error: unknown) => {
      if (!(error instanceof ServiceError)) throw error;
      return null;
    },
  );
  page.html = page.exists ? (ready?.html ?? "") : "";
  page.document = (ready?.editorDocument as JSONContent | undefined) ?? null;

  // The other language's page: the linked translation (the page's own link, or a page linking it), else the one
  // at the same address. Shown beside a translation, linked from the page.
  const otherLanguage = otherLocale(locale);
  const twinPath = page.path
    ? page.fields.translationOf || (await linkedFrom(db, locale, page.path)) || page.path
    : null;
  const twin = twinPath ? await pageSource(db, { locale: otherLanguage, path: twinPath }) : null;
  let original: EditorData["original"] = null;
  if (twin?.exists && (!page.exists || url.searchParams.get("from") === otherLanguage)) {
    const { fields, markdown } = fieldsOf(twin.text);
    // Its pending version is a draft: rendered in the drafts' lane, shown as written if it cannot be.
    const rendered = await renderMarkdown(
      markdown,
      { locale: otherLanguage, siteOrigin: siteOrigin(request) },
      "drafts",
    ).catch((error: unknown) => {
      if (!(error instanceof ServiceError)) throw error;
      const t = serverT(uiLocale);
      return plainTextRendering(markdown, t("content.markdown.shownAsText", { reason: t(error.key, error.vars) }));
    });
    original = {
      locale: otherLanguage,
      title: fields.title,
      html: rendered.html,
      editorUrl: localizePath(editorPathOf(otherLanguage, twinPath!), uiLocale),
    };
    // A translation starts with what does not depend on the language (the date, category and switches) and is
    // linked to its original, so it stays linked whatever address it is given.
    if (!page.exists) {
      page.fields = {
        ...emptyFields,
        translationOf: twinPath!,
        date: fields.date,
        category: fields.category,
        toc: fields.toc,
        comments: fields.comments,
        intro: fields.intro,
        draft: fields.draft,
      };
    }
  }

  const config = await getAppConfig();
  const categories = config.categories.map((category) => ({ slug: category.slug, label: category.name[uiLocale] }));
  const result: EditorData = {
    page,
    categories,
    original,
    other: page.path
      ? {
          locale: otherLanguage,
          exists: twin?.exists ?? false,
          url:
            localizePath(editorPathOf(otherLanguage, twinPath ?? page.path), uiLocale) +
            (twin?.exists ? "" : `?from=${locale}`),
        }
      : null,
    viewUrl: source?.published ? localizePath(page.path, locale) : null,
    canPublish: user.permissions.includes("builds.push"),
    site: {
      name: config.siteName[locale],
      description: config.description[locale],
      origin: siteOrigin(request),
      shareImage: defaultShareImage.src,
    },
    writer: user.displayName.trim() || user.userName,
  };
  return result;
}
