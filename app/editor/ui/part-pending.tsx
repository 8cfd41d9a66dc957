import { useT } from "~/i18n/use-t";
import { Spinner } from "~/ui/spinner";

/** Shown while the code of a part of the editor that loads on use (a dialog, the preview) is on its way. */
export function PartPending({ inline = false }: { inline?: boolean }) {
  const t = useT();
  return (
    <p
      role="status"
      className={
        inline
          ? "flex items-center gap-2 py-6 text-sm text-muted-foreground"
          : "fixed inset-x-0 top-1/3 z-50 mx-auto flex w-fit items-center gap-2 rounded-lg border bg-background px-4 py-3 text-sm shadow-lg"
      }
      data-testid="part-pending"
    >
      <Spinner />
      {t("editor.part.loading")}
    </p>
  );
}
