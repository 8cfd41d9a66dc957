import { useState } from "react";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { SiteIconCard } from "~/media/ui/site-icon-card";
import { Link, useLoaderData } from "react-router";
import { localizePath } from "~/i18n/locales";
import { hostView, readHostSettings } from "~/builds/host-settings.server";
import { HostPanel } from "~/builds/ui/host-panel";
import { HostSummary } from "~/builds/ui/host-summary";
import { getDb } from "~/db/client.server";
import { useLocale, useT } from "~/i18n/use-t";
import { pageQuery } from "~/edge/page-query.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { RepositoryAccess } from "~/settings/app-config";
import { readAppConfigState } from "~/settings/app-config.server";
import { fieldValues } from "~/settings/config-fields";
import { settingsHistoryQuery } from "~/settings/schema";
import { settingsHistoryPage } from "~/settings/settings.server";
import { SettingsForm, settingsFormValues } from "~/settings/ui/settings-form";
import { SettingsHistory } from "~/settings/ui/settings-history";
import { MenuCard } from "~/settings/ui/menu-card";
import { menuChoices } from "~/content/menu.server";
import type { Route } from "./+types/settings";

/**
 * /manage/settings: the app configuration, the header menu, the git host builds are pushed to, and the configuration's change
 * history. Seeing them needs dashboard.read; saving needs settings.edit, checked by the API on every save. The
 * host's token never leaves the server: the page only says whether one is stored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    {
      needs: "dashboard.read",
      messages: ["manage", "settings", "builds", "validation", "media", "mail"],
      title: "settings.title",
    },
    async ({ user: actor, locale, url }) => {
      const { page } = pageQuery(settingsHistoryQuery, url);
      const db = await getDb();
      const [{ config, version }, history, host] = await Promise.all([
        readAppConfigState(db),
        settingsHistoryPage(db, page),
        readHostSettings(db),
      ]);
      return {
        menu: config.menu,
        menuChoices: await menuChoices(config, locale),
        icon: config.icon,
        values: settingsFormValues(fieldValues(config), locale),
        version,
        history,
        host: hostView(host),
        repositoryUrl: `${siteOrigin(request)}/git/content.git`,
        canEdit: actor.permissions.includes("settings.edit"),
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageSettings() {
  const t = useT();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const { history, canEdit, host } = loaded;
  // Each save starts the form again from what the server answered it stored (the version included), unless the
  // page has since loaded a newer version.
  const [saved, setSaved] = useState<{ version: number; values: typeof loaded.values } | null>(null);
  const current = saved && saved.version > loaded.version ? saved : loaded;
  // The clone address says who may clone as the settings are stored (not as the form is being changed).
  const clone = { url: loaded.repositoryUrl, access: current.values.repositoryAccess as RepositoryAccess };
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-settings">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("settings.title")}</h1>
        <p className="text-muted-foreground">{t("settings.description")}</p>
        <Link
          to={localizePath("/manage/settings/email", locale)}
          className="text-sm underline"
          data-testid="settings-email-link"
        >
          {t("mail.link")}
        </Link>
        {!canEdit ? (
          <p className="text-sm text-muted-foreground" data-testid="read-only">
            {t("settings.readOnly")}
          </p>
        ) : null}
      </header>
      <SettingsForm
        key={current.version}
        initial={current.values}
        version={current.version}
        canEdit={canEdit}
        onSaved={(answer) => setSaved({ version: answer.version, values: settingsFormValues(answer.settings, locale) })}
      />
      <MenuCard
        key={`menu-${loaded.version}`}
        menu={loaded.menu}
        version={loaded.version}
        choices={loaded.menuChoices}
        canEdit={canEdit}
      />
      <SiteIconCard icon={loaded.icon} canEdit={canEdit} />
      {canEdit ? (
        <HostPanel host={host} clone={clone} />
      ) : (
        <HostSummary host={host} clone={clone} settingsPath={null} />
      )}
      <SettingsHistory {...history} />
    </section>
  );
}
