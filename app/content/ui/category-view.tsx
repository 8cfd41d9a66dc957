import { useT } from "~/i18n/use-t";
import { Prose } from "~/shell/ui/page-layout";
import type { ListingView } from "../view-types";
import { Pagination } from "./pagination";
import { PostList } from "./post-list";

/** A category's page: its own text, then its posts by year, by pages. */
export default function CategoryView({ view }: { view: ListingView }) {
  const t = useT();
  return (
    <div className="max-w-3xl" data-testid="category">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{view.title}</h1>
      {view.description ? <p className="mt-3 text-lg text-muted-foreground">{view.description}</p> : null}
      {view.html ? <Prose html={view.html} className="mt-6" /> : null}
      <p className="mt-8 mb-6 text-sm text-muted-foreground" data-testid="post-count">
        {view.total}
      </p>
      {view.groups.length ? (
        <PostList groups={view.groups} />
      ) : (
        <p className="py-10 text-muted-foreground">{t("content.logs.empty")}</p>
      )}
      <Pagination view={view.pagination} />
    </div>
  );
}
