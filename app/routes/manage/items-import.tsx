import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { ImportScreen } from "~/import/ui/import-screen";
import { useT } from "~/i18n/use-t";
import { ItemsTabs } from "~/manage/ui/items-tabs";
import type { Route } from "./+types/items-import";

/** /manage/items/import: a WordPress or Ghost site moved in as one build, for whoever may publish. */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "builds.push", messages: ["manage", "items", "import"], title: "import.page.title" },
    async () => ({}),
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageImport() {
  const t = useT();
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-import">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("items.title")}</h1>
        <p className="text-muted-foreground">{t("import.page.description")}</p>
      </header>
      <ItemsTabs />
      <ImportScreen />
    </section>
  );
}
