import { useLoaderData } from "react-router";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { recentSends } from "~/newsletter/sends.server";
import { subscriberOverview } from "~/newsletter/subscribers.server";
import { NewsletterDashboard } from "~/newsletter/ui/newsletter-dashboard";
import type { Route } from "./+types/newsletter";

/**
 * /manage/newsletter: the subscribers (how many, new ones by day, the latest, a CSV of all, removing one) and each
 * send (recipients, delivered, failed). Subscribers' addresses are shown to who may change the settings only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "settings.edit", messages: ["manage", "mail"], title: "mail.newsletter.title" },
    async () => {
      const db = await getDb();
      const [overview, sends] = await Promise.all([subscriberOverview(db), recentSends(db)]);
      return { overview, sends };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageNewsletter() {
  const { overview, sends } = useLoaderData<typeof loader>();
  return <NewsletterDashboard overview={overview} sends={sends} />;
}
