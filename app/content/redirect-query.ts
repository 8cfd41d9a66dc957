/**
 * Redirect sources that carry a query ("/?p=123", "/index.php?page_id=4"): an old site's addresses are often a
 * script and its parameters. A source names the parameters that must match; a request matches when it carries
 * those parameters with those values, whatever their order and whatever else it carries (tracking parameters
 * such as utm_source, a cache buster).
 *
 * A source is stored in one canonical form: its path, "?", its parameters sorted by name, each name and value
 * percent-encoded alike ("/?p=123", "/?a=1&cat=3"). A request's query gives the few forms it could match (each of
 * its parameters alone, and each pair), so finding its redirect stays one indexed read (`from_path IN (...)`),
 * never a scan. What a request carries is bounded before any of this: the first QUERY_CHARS characters of its
 * query, the first QUERY_PARAMS parameters that are not tracking ones.
 */

/** A source names at most this many parameters (WordPress's addresses name one). */
export const SOURCE_PARAMS = 2;
/** Of a request's query, only this much is read... */
export const QUERY_CHARS = 1024;
/** ...and only its first parameters that are not tracking ones. */
export const QUERY_PARAMS = 6;
/** A parameter whose name or value is longer than this is nobody's address. */
const PARAM_CHARS = 200;

/** Parameters added by campaigns and share links: never part of an address. */
function isTracking(name: string): boolean {
  return /^utm_/i.test(name) || /^(fbclid|gclid|dclid|msclkid|yclid|mc_cid|mc_eid|_ga|ref)$/i.test(name);
}

function decodedPart(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll("+", " ")).normalize("NFC");
  } catch {
    return undefined;
  }
}

/** The parameters of `search` ("?a=1&b=2" or "a=1&b=2"), bounded as the module's comment says. */
function parameters(search: string, limit: number): [string, string][] {
  const text = search.replace(/^\?/, "").slice(0, QUERY_CHARS);
  const out: [string, string][] = [];
  const seen = new Set<string>();
  let from = 0;
  while (from <= text.length && out.length < limit) {
    const end = text.indexOf("&", from);
    const part = text.slice(from, end < 0 ? text.length : end);
    from = end < 0 ? text.length + 1 : end + 1;
    if (!part) continue;
    const equals = part.indexOf("=");
    const name = decodedPart(equals < 0 ? part : part.slice(0, equals));
    const value = decodedPart(equals < 0 ? "" : part.slice(equals + 1));
    if (!name || value === undefined || name.length > PARAM_CHARS || value.length > PARAM_CHARS) continue;
    if (isTracking(name) || seen.has(name)) continue;
    seen.add(name);
    out.push([name, value]);
  }
  return out;
}

function canonical(path: string, params: readonly [string, string][]): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${sorted.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&")}`;
}

/**
 * The canonical form of a source `path` + `search` (its path already as stored): `path` alone when the query
 * names no parameter (or only tracking ones), undefined when it names more than a source may.
 */
export function canonicalSource(path: string, search: string): string | undefined {
  const params = parameters(search, SOURCE_PARAMS + 1);
  if (params.length > SOURCE_PARAMS) return undefined;
  return params.length ? canonical(path, params) : path;
}

/** The canonical sources a request for `path` with query `search` matches: its parameters alone and in pairs. */
export function querySources(path: string, search: string): string[] {
  if (search.length < 2) return [];
  const params = parameters(search, QUERY_PARAMS);
  const out: string[] = [];
  for (let i = 0; i < params.length; i++) {
    out.push(canonical(path, [params[i]!]));
    for (let j = i + 1; j < params.length; j++) out.push(canonical(path, [params[i]!, params[j]!]));
  }
  return out;
}

/** Whether a stored source carries a query. */
export function hasQuery(source: string): boolean {
  return source.includes("?");
}
