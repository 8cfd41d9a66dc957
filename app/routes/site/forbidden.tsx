import { ShieldX } from "lucide-react";
import { data } from "react-router";
import { useT } from "~/i18n/use-t";
import { documentTitle } from "~/shell/meta";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/forbidden";

/** The permission-denied page (SPEC §2). It answers 403 so that crawlers and scripts see the refusal too. */
export function loader() {
  return data(null, { status: 403 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("common.forbidden.title")) },
  { name: "robots", content: "noindex" },
];

export default function Forbidden() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center" data-testid="forbidden">
      <ShieldX aria-hidden className="size-14 text-destructive" />
      <h1 className="text-2xl font-bold">{t("common.forbidden.title")}</h1>
      <p className="text-lg" data-testid="forbidden-text">
        {t("common.forbidden.text")}
      </p>
      <p className="text-muted-foreground">{t("common.forbidden.advice")}</p>
    </section>
  );
}
