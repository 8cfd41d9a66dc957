/**
 * How search engines and social sites show a page, for the post-settings panel's previews: what they take for the
 * title and description, and how much of each they show.
 */
import { documentTitle } from "~/settings/app-config";

/** About as many characters as a search result shows of a title and of a description. */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

/** Characters as a writer counts them (one for each letter, whatever its encoding takes). */
export function characterCount(text: string): number {
  return [...text].length;
}

/** The text cut to `max` characters at the last space before, with an ellipsis; as it is when it fits. */
export function truncated(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join("");
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

interface SnippetInput {
  title: string;
  description: string;
  seoTitle?: string;
  seoDescription?: string;
  site: { name: string; description: string };
}

/** The page's `<title>` and description as the site's head writes them (app/content/head.server.ts). */
export function searchSnippet(input: SnippetInput): { title: string; description: string; cardTitle: string } {
  const seoTitle = input.seoTitle?.trim();
  return {
    title: seoTitle || documentTitle(input.site, input.title.trim() || undefined),
    cardTitle: seoTitle || input.title.trim() || input.site.name,
    description: input.seoDescription?.trim() || input.description.trim() || input.site.description,
  };
}
