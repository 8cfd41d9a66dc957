/**
 * What the post-settings panel offers as the writer fills it in: the tags the site's published posts carry in the
 * page's language, with how many posts carry each, and the members who may write, as authors.
 */
import { membersWhoMay } from "~/auth/users.server";
import { getCatalog } from "~/content/catalog.server";
import type { Database } from "~/db/client.server";
import type { Locale } from "~/i18n/locales";

/** A site with more tags or writers than this offers its most used tags and its first writers. */
const SUGGESTED_TAGS_MAX = 1000;
const SUGGESTED_AUTHORS_MAX = 200;

export interface TagSuggestion {
  name: string;
  /** Published posts carrying it. */
  count: number;
}

export interface EditorSuggestions {
  tags: TagSuggestion[];
  authors: { id: number; name: string }[];
}

export async function editorSuggestions(db: Database, locale: Locale): Promise<EditorSuggestions> {
  const [catalog, authors] = await Promise.all([
    getCatalog(),
    membersWhoMay(db, "commit.create", SUGGESTED_AUTHORS_MAX),
  ]);
  const tags = [...catalog.tags[locale].values()]
    .map((tag) => ({ name: tag.name, count: tag.posts.length }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, locale))
    .slice(0, SUGGESTED_TAGS_MAX);
  return { tags, authors };
}
