import { Link } from "react-router";
import { editorPathOf } from "~/content/editor-link";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";

/** "Edit this page": the page's address in the editor (which checks the permission again). */
export default function EditLink({ address }: { address: string }) {
  const t = useT();
  const { locale, path } = parseLocalizedPath(address);
  return (
    <Link
      to={localizePath(editorPathOf(locale, path), locale)}
      className="underline underline-offset-4 hover:text-foreground"
      data-testid="edit-page"
    >
      {t("content.post.edit")}
    </Link>
  );
}
