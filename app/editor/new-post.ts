/**
 * What a new post starts with: today's date in the writer's own day (the browser's time zone), and the category
 * the writer filed their last post under, remembered in this browser (else the site's first category). A post
 * is listed on the home page, the logs and its category; a page without a date is listed nowhere.
 */
import type { FrontMatterFields } from "~/builds/commit-schema";

const LAST_CATEGORY = "daftar.editor.lastCategory";

/** Today as the date field holds it ("2026-11-27"), in this browser's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function rememberCategory(slug: string): void {
  try {
    localStorage.setItem(LAST_CATEGORY, slug);
  } catch {
    // Storage refused (private mode, full): the next post starts in the first category.
  }
}

function lastCategory(): string | null {
  try {
    return localStorage.getItem(LAST_CATEGORY);
  } catch {
    return null;
  }
}

/** The fields a new post starts with, among the site's `categories` (slugs, in the site's order). */
export function newPostDefaults(categories: readonly string[]): Pick<FrontMatterFields, "date" | "category"> {
  const last = lastCategory();
  const category = last && categories.includes(last) ? last : (categories[0] ?? "");
  return { date: todayIso(), category };
}

/** Where a page with these fields is listed: nowhere (no date: a page), or not in a category. */
export function listingGap(
  fields: Pick<FrontMatterFields, "date" | "category" | "draft">,
): "page" | "noCategory" | null {
  if (fields.draft) return null;
  if (!fields.date) return "page";
  return fields.category ? null : "noCategory";
}
