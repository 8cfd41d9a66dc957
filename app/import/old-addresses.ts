/**
 * The forms in which readers and search engines hold an old site's address. A Persian slug travels
 * percent-encoded (WordPress writes its escapes in lower case, browsers in upper case) or as it reads; a path is
 * linked with its trailing slash and without. Every form is listed so that any of them finds its new page.
 */

/** `text` with its percent-escapes decoded; as it was when they do not decode. */
export function decodeSlug(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function encodePath(pathname: string, lowerCase: boolean): string {
  const encoded = pathname
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
  return lowerCase ? encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()) : encoded;
}

/** Every form of `path` ("/2019/05/سلام/?x=1"): decoded, percent-encoded both ways, with and without its last "/". */
export function pathForms(path: string): string[] {
  const at = path.indexOf("?");
  const pathname = at >= 0 ? path.slice(0, at) : path;
  const query = at >= 0 ? path.slice(at) : "";
  const decoded = decodeSlug(pathname);
  const forms = new Set<string>();
  for (const form of [decoded, encodePath(decoded, true), encodePath(decoded, false), pathname]) {
    const bare = form.length > 1 ? form.replace(/\/+$/, "") : form;
    forms.add(bare + query);
    if (bare !== "/" && bare !== "") forms.add(`${bare}/${query}`);
  }
  forms.delete("");
  return [...forms];
}

/** The path (with its query) of `link` when it is an address of the site at `baseUrl` (or a path); else null. */
export function pathOnSite(link: string, baseUrl: string | null): string | null {
  const trimmed = link.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (baseUrl) {
    try {
      const base = new URL(baseUrl);
      if (url.hostname.replace(/^www\./, "") !== base.hostname.replace(/^www\./, "")) return null;
    } catch {
      return null;
    }
  }
  return url.pathname + url.search;
}

/** The path a site at `baseUrl` lives under ("" at the root, "/blog" in a folder). */
export function basePath(baseUrl: string | null): string {
  if (!baseUrl) return "";
  try {
    return new URL(baseUrl).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}
