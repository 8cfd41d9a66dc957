import { documentTitle } from "~/shell/meta";
import { rootSite } from "~/shell/route-meta";
import { useRootData } from "~/shell/root-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = rootSite(matches);
  return [{ title: documentTitle(site) }, { name: "description", content: site?.description ?? "" }];
};

export default function Home() {
  const site = useRootData()?.site;
  return (
    <section className="mx-auto max-w-3xl py-10" data-testid="home">
      <h1 className="text-4xl font-black tracking-tight">{site?.name}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{site?.description}</p>
    </section>
  );
}
