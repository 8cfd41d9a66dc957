/**
 * Restoring an earlier version of a page: its text, byte for byte, saved again as a change in the open build
 * through the editor's own save (the version check, the merge with the page's change in the build, the limits).
 * History is never rewritten: the restore is one more change, published with its build. The page keeps its
 * present address; moving it back is the writer's own choice, made in the editor's settings like any move.
 */
import type { CurrentUser } from "~/auth/current-user.server";
import { saveCommit, type SavedCommit } from "~/builds/builds.server";
import type { FrontMatterFields } from "~/builds/commit-schema";
import type { PageAddress } from "~/builds/files";
import { versionText } from "~/builds/page-history.server";
import { ContentParseError } from "~/content/front-matter";
import type { Database } from "~/db/client.server";
import { serverT } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { fieldsOf } from "./editor-page.server";

export interface RestoredVersion extends SavedCommit {
  /** What the editor shows now: the version's fields and text. */
  fields: FrontMatterFields;
  markdown: string;
}

export async function restoreVersion(
  db: Database,
  user: Pick<CurrentUser, "id">,
  input: PageAddress & { version: number; baseHash: string },
  locale: Locale,
): Promise<RestoredVersion> {
  const text = await versionText(db, input, input.version);
  // A version that deleted the page has no text to bring back: the version before it has.
  if (text === null) throw new ServiceError(422, "editor.history.restoreDeleted");
  let read: ReturnType<typeof fieldsOf>;
  try {
    read = fieldsOf(text);
  } catch (error) {
    if (error instanceof ContentParseError) throw new ServiceError(422, "editor.history.unreadable");
    throw error;
  }
  const t = serverT(locale);
  try {
    const saved = await saveCommit(
      db,
      user,
      {
        action: "save",
        locale: input.locale,
        path: input.path,
        frontMatter: read.fields,
        markdown: read.markdown,
        baseHash: input.baseHash,
        message: t("editor.history.restoreMessage", { title: read.fields.title }),
      },
      locale,
      text,
    );
    return { ...saved, ...read };
  } catch (error) {
    // The save's own words speak of text typed in the editor; here nothing was typed: the panel is out of date.
    if (error instanceof ServiceError && error.status === 409) {
      throw new ServiceError(409, "editor.history.changedSince");
    }
    throw error;
  }
}
