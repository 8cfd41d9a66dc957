import { Link } from "react-router";
import { loadHome } from "~/content/pages.server";
import { PostCard } from "~/content/ui/post-card";
import { useLocale, useT } from "~/i18n/use-t";
import { localizePath } from "~/i18n/locales";
import { mergeHeaders } from "~/lib/headers";
import { Prose } from "~/shell/ui/page-layout";
import type { Route } from "./+types/home";
import { sharedDocument } from "~/content/shared-document";

export const loader = ({ request, url }: Route.LoaderArgs) => loadHome(request, url);

/** The same document for every reader: who is signed in comes after it (app/content/shared-document.ts). */
export const handle = sharedDocument;

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** Home: the site's welcome text, the introduction post and the latest posts. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { intro, latest } = loaderData;
  return (
    <div className="grid max-w-5xl gap-14" data-testid="home">
      <section className="max-w-3xl">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">{loaderData.title}</h1>
        <p className="mt-4 text-xl text-pretty text-muted-foreground">{loaderData.description}</p>
        {loaderData.html ? <Prose html={loaderData.html} className="mt-8" /> : null}
      </section>
      {intro ? (
        <section aria-labelledby="home-intro">
          <h2 id="home-intro" className="mb-4 text-sm font-bold tracking-wide text-muted-foreground">
            {t("content.home.intro")}
          </h2>
          <PostCard post={intro} featured />
        </section>
      ) : null}
      {latest.length ? (
        <section aria-labelledby="home-latest">
          <h2 id="home-latest" className="mb-4 text-2xl font-bold">
            {t("content.home.latest")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {latest.map((post) => (
              <li key={post.url}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          <Link
            to={localizePath("/logs", locale)}
            className="mt-6 inline-flex rounded-md border px-4 py-2 text-sm font-medium hover:bg-accent"
            data-testid="all-posts"
          >
            {t("content.home.allPosts")}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
