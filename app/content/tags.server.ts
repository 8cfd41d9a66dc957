/**
 * Tags: how a tag written in front matter becomes one tag page, and that page's address. Pure rules; the
 * catalog builds each language's tag index with them when it loads.
 */
import type { PageSummary } from "./catalog.server";

/** Where tag pages live, without a locale prefix. */
export const TAGS_PATH = "/tags";

export interface TagSummary {
  /** The tag as most of its posts write it (NFC): the page's heading and the spelling in its address. */
  name: string;
  /** "/tags/<encoded name>", without a locale prefix. */
  path: string;
  /** The posts carrying it, newest first. */
  posts: PageSummary[];
}

/**
 * Two spellings are one tag when they are equal after Unicode NFC normalisation and lower-casing: "React" and
 * "react" are one tag, "نرم‌افزار" (with ZWNJ) and "نرم افزار" (with a space) are two, as their writer chose.
 */
export function tagKey(tag: string): string {
  return tag.normalize("NFC").toLowerCase();
}

/**
 * A tag's address: "/tags/" and the tag as written (NFC), encoded with encodeURIComponent as one path segment,
 * so a space is %20, a ZWNJ %E2%80%8C and a slash %2F. That is the one spelling links use; other spellings of
 * the address (another case, lower-case hex digits, a decomposed form) redirect to it. Undefined for "." and
 * "..": URLs resolve those as dot segments, encoded or not, so no address can carry them (nor an empty tag, whose address would be the index's).
 */
export function tagPath(name: string): string | undefined {
  const normal = name.normalize("NFC");
  if (!normal.trim() || normal === "." || normal === "..") return undefined;
  return `${TAGS_PATH}/${encodeURIComponent(normal)}`;
}

/**
 * The tag an address's path names ("/tags/%D8%A7…", locale prefix removed), decoded; undefined when the path is
 * not a tag page's or its encoding is broken. Trailing slashes are ignored (the page redirects them away).
 */
export function tagOfPath(path: string): string | undefined {
  // Route matching ignores case, so "/TAGS/x" reaches the tag page too: its prefix is cut by length.
  const segment = path.slice(TAGS_PATH.length + 1).replace(/\/+$/, "");
  if (!segment || segment.includes("/")) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** One language's tags by `tagKey`, from its posts (newest first); tags no address can carry are left out. */
export function buildTagIndex(posts: readonly PageSummary[]): Map<string, TagSummary> {
  const found = new Map<string, { spellings: Map<string, number>; posts: PageSummary[] }>();
  for (const post of posts) {
    for (const written of post.tags) {
      const spelling = written.normalize("NFC");
      if (!tagPath(spelling)) continue;
      const key = tagKey(spelling);
      let entry = found.get(key);
      if (!entry) found.set(key, (entry = { spellings: new Map(), posts: [] }));
      entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + 1);
      // A post that writes the tag twice ("React", "react") is listed once.
      if (entry.posts.at(-1) !== post) entry.posts.push(post);
    }
  }
  const index = new Map<string, TagSummary>();
  for (const [key, entry] of found) {
    // The most used spelling names the tag; on a tie, the newest post's (the first seen), so it never wobbles.
    let name = "";
    let uses = 0;
    for (const [spelling, count] of entry.spellings) if (count > uses) [name, uses] = [spelling, count];
    index.set(key, { name, path: tagPath(name)!, posts: entry.posts });
  }
  return index;
}
