import { Link } from "react-router";
import { loadTags } from "~/content/pages.server";
import { useT } from "~/i18n/use-t";
import { mergeHeaders } from "~/lib/headers";
import { Prose } from "~/shell/ui/page-layout";
import type { Route } from "./+types/tags";
import { sharedDocument } from "~/content/shared-document";

export const loader = ({ request, url }: Route.LoaderArgs) => loadTags(request, url);

/** The same document for every reader: who is signed in comes after it (app/content/shared-document.ts). */
export const handle = sharedDocument;

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** The tag index: every tag of the language's posts with how many posts carry it. */
export default function Tags({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const data = loaderData;
  return (
    <div className="max-w-3xl" data-testid="tag-index">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{data.title}</h1>
      {data.description ? <p className="mt-3 text-lg text-muted-foreground">{data.description}</p> : null}
      {data.html ? <Prose html={data.html} className="mt-6" /> : null}
      {data.tags.length ? (
        <ul className="mt-8 flex flex-wrap gap-2">
          {data.tags.map((tag) => (
            <li key={tag.url}>
              <Link
                to={tag.url}
                prefetch="intent"
                className="inline-flex min-h-9 items-center gap-2 rounded-full border px-4 text-sm transition-colors hover:bg-accent"
                data-testid="tag-link"
              >
                <bdi className="font-medium">{tag.label}</bdi>
                <span className="text-muted-foreground" data-testid="tag-count">
                  {tag.count}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-10 text-muted-foreground">{t("content.tags.empty")}</p>
      )}
    </div>
  );
}
