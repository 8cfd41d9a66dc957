import { Link } from "react-router";
import { editorPathOf } from "~/content/editor-link";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";

/**
 * "Edit this page": the page's address in the editor (which checks the permission again). It ends the byline's
 * line and arrives after the page; on a phone it is a pencil (its words for assistive technology), so it fits on
 * that line instead of adding one.
 */
export default function EditLink({ address }: { address: string }) {
  const t = useT();
  const { locale, path } = parseLocalizedPath(address);
  return (
    <Link
      to={localizePath(editorPathOf(locale, path), locale)}
      className="underline underline-offset-4 hover:text-foreground"
      data-testid="edit-page"
    >
      <Icon name="pencil" className="inline size-4 align-[-3px] sm:hidden" />
      <span className="max-sm:sr-only">{t("content.post.edit")}</span>
    </Link>
  );
}
