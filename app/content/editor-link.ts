import type { Locale } from "~/i18n/locales";

/**
 * The editor's address for a page: `/manage/editor/<locale><path>` (the page's language, whatever the
 * interface's). Its own small module: public pages link to it ("Edit this page") and load nothing else of builds.
 */
export function editorPathOf(locale: Locale, path: string): string {
  return `/manage/editor/${locale}${path === "/" ? "" : path}`;
}
