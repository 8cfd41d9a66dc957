/**
 * The editor's local drafts: what is being written is kept in this browser (localStorage) as it changes, so a
 * crash, a closed tab or a lost connection loses nothing. A draft is removed once its text is saved to the build.
 */
import type { Locale } from "~/i18n/locales";
import type { FrontMatterFields } from "~/builds/commit-schema";

export interface LocalDraft {
  /** When it was last written, epoch milliseconds. */
  savedAt: number;
  /** The version it was started from (null: a new page). */
  baseHash: string | null;
  path: string;
  fields: FrontMatterFields;
  markdown: string;
}

const PREFIX = "daftar.draft:";

/** One draft per page (per language and address; new pages per language). */
export function draftKey(locale: Locale, path: string): string {
  return `${PREFIX}${locale}:${path || "(new)"}`;
}

export function readDraft(key: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as LocalDraft;
    return typeof draft.markdown === "string" && draft.fields && typeof draft.savedAt === "number" ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: LocalDraft): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    // Full or refused (private browsing): the page still works, without the safety net.
    return false;
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}
