/**
 * Where a page lives in the content repository. Every page is one markdown file under `content/<locale>/`:
 * "/" is `index.md`, "/notes/x" is `notes/x.md`, and a folder's own page may be `notes/index.md` or `notes.md`
 * (both are "/notes"; a page keeps the file it has). Browser-safe: the editor uses it too.
 */
import { isLocale, locales, type Locale } from "~/i18n/locales";

export const CONTENT_ROOT = "content";

/** The site's redirects (app/content/redirects.server.ts), committed with the build that changes them. */
export const REDIRECTS_FILE = `${CONTENT_ROOT}/redirects.yaml`;

export interface PageAddress {
  locale: Locale;
  /** "/", "/about", "/notes/x" */
  path: string;
}

/** The file a new page at `path` is written to. */
export function fileOfPage(locale: Locale, path: string): string {
  return path === "/" ? `${CONTENT_ROOT}/${locale}/index.md` : `${CONTENT_ROOT}/${locale}${path}.md`;
}

/** The page a repository file is, or null for any file that is not a page (images, README, other folders). */
export function pageOfFile(file: string): PageAddress | null {
  const match = /^content\/([a-z]{2})\/(.+)\.md$/.exec(file);
  if (!match || !isLocale(match[1])) return null;
  const rest = match[2]!;
  if (rest.split("/").some((part) => part === "" || part === "." || part === "..")) return null;
  const trimmed = rest === "index" ? "" : rest.replace(/\/index$/, "");
  const path = `/${trimmed}`;
  return isPagePath(path) ? { locale: match[1], path } : null;
}

export function pageKeyOf(address: PageAddress): string {
  return `${address.locale}:${address.path}`;
}

const SEGMENT = /^[\p{Ll}\p{Lo}\p{Lm}\p{N}\p{M}_-]{1,100}$/u;
const MAX_DEPTH = 6;

/**
 * Addresses other routes answer, or the site's own files use: a page there could never be reached. The tag
 * index (/tags) and the logs archive (/logs) take their text from a page of that name, so those two are allowed.
 */
const RESERVED_FIRST = new Set([
  ...locales,
  "403",
  "api",
  "assets",
  "favicon.ico",
  "feed.xml",
  "git",
  "healthz",
  "icon-192.png",
  "icon-512.png",
  "icon-maskable.png",
  "apple-touch-icon.png",
  "icon.svg",
  "images",
  "img",
  "login",
  "manage",
  "manifest.webmanifest",
  "media",
  "newsletter",
  "preview",
  "profile",
  "register",
  "robots.txt",
  "share-image",
  "sitemap.xml",
]);

/**
 * Whether `path` can be a page's address: "/" or "/segment/…" of lower-case letters of any script, digits,
 * "-" and "_", at most six deep, not taken by another route. (Spaces and ZWNJ become "-" in slugs.)
 */
export function isPagePath(path: string): boolean {
  if (path === "/") return true;
  if (!path.startsWith("/")) return false;
  const segments = path.slice(1).split("/");
  if (segments.length > MAX_DEPTH || !segments.every((segment) => SEGMENT.test(segment))) return false;
  if (RESERVED_FIRST.has(segments[0]!)) return false;
  if (segments[0] === "tags" && segments.length > 1) return false;
  return true;
}

/** Why `path` cannot be an address, as a reason code the editor turns into words. */
export function pagePathProblem(path: string): "empty" | "reserved" | "characters" | "depth" | null {
  if (isPagePath(path)) return null;
  if (path === "" || path === "/") return "empty";
  const segments = path.replace(/^\//, "").split("/");
  if (segments.length > MAX_DEPTH) return "depth";
  if (segments.every((segment) => SEGMENT.test(segment))) return "reserved";
  return "characters";
}

/** Reads the page an editor address names ("en/notes/x" after /manage/editor/), or null when it names none. */
export function pageOfEditorPath(rest: string): PageAddress | null {
  const match = /^(fa|en)(\/.*)?$/.exec(rest.replace(/\/+$/, ""));
  if (!match) return null;
  const path = match[2] || "/";
  return isPagePath(path) ? { locale: match[1] as Locale, path } : null;
}
