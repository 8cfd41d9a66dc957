/**
 * Direction in the editor: blocks read as the site's renderer reads them (the rule is in ~/lib/text-direction), and
 * a writer overrides one block by starting it with a direction mark, RLM (U+200F) or LRM (U+200E): the marks are
 * invisible and kept in the markdown file, so the published page reads as the editor showed it.
 */
import { LRM, RLM, textDirection, type Dir } from "~/lib/text-direction";

export { LRM, RLM, type Dir };

/** A text block's direction from its runs (code runs are not read); one without letters takes `fallback`. */
export function blockDirection(
  runs: readonly { text: string; code?: boolean }[],
  pageDir: Dir,
  fallback: Dir = pageDir,
): Dir {
  return textDirection(runs, pageDir) ?? fallback;
}

/** The override a block's text starts with, if any. */
export function directionOverride(text: string): Dir | null {
  return text.startsWith(RLM) ? "rtl" : text.startsWith(LRM) ? "ltr" : null;
}

/** `text` with its leading override replaced by `dir` (or removed with null). */
export function withDirectionOverride(text: string, dir: Dir | null): string {
  const bare = directionOverride(text) ? text.slice(1) : text;
  return dir === "rtl" ? RLM + bare : dir === "ltr" ? LRM + bare : bare;
}
