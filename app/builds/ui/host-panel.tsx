import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input, inputClass } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { useApiAction } from "~/ui/use-api";
import { useApiForm } from "~/ui/use-api-form";
import { hostSettingsSchema, type HostSettingsView } from "../host-schema";
import { CloneLine, type CloneAddress } from "./host-summary";

/**
 * The git host's settings (settings.edit), on the settings page: this site's repository only, a git remote over
 * HTTP(S), or GitHub. Its own form and call (GET/PUT /api/builds/host). The token is never shown: the form sends
 * a new one or nothing.
 */
export function HostPanel({ host, clone }: { host: HostSettingsView; clone: CloneAddress }) {
  const t = useT();
  const form = useApiForm({
    schema: hostSettingsSchema,
    path: "/api/builds/host",
    method: "PUT",
    initial: {
      kind: host.kind as string,
      url: host.url,
      branch: host.branch,
      username: host.username,
      apiUrl: host.apiUrl,
      token: "",
    },
    reset: false,
  });
  const forget = useApiAction();
  const kind = form.values.kind;
  const kindField = form.field("kind");
  return (
    <section
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
      id="git-host"
      aria-labelledby="git-host-title"
      data-testid="host-panel"
    >
      <header className="grid gap-1">
        <h2 id="git-host-title" className="flex items-center gap-2 text-lg font-bold">
          <Icon name="git-branch" className="size-5" />
          {t("builds.host.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("builds.host.description")}</p>
      </header>
      <CloneLine {...clone} />
      <ApiForm form={form} data-testid="host-form" className="grid gap-4 sm:grid-cols-2">
        <Field label={t("builds.host.kind")} error={form.errors.kind}>
          <select
            {...kindField}
            onChange={(event) => kindField.onChange(event as never)}
            className={`${inputClass} h-10`}
            data-testid="host-kind"
          >
            <option value="local">{t("builds.host.kind.local")}</option>
            <option value="git">{t("builds.host.kind.git")}</option>
            <option value="github">{t("builds.host.kind.github")}</option>
          </select>
        </Field>
        {kind !== "local" ? (
          <>
            <Field
              label={t("builds.host.url")}
              hint={kind === "github" ? t("builds.host.urlHint.github") : t("builds.host.urlHint.git")}
              error={form.errors.url}
            >
              <Input {...form.field("url")} dir="ltr" inputMode="url" data-testid="host-url" />
            </Field>
            <Field label={t("builds.host.branch")} error={form.errors.branch}>
              <Input {...form.field("branch")} dir="ltr" data-testid="host-branch" />
            </Field>
            {kind === "git" ? (
              <Field
                label={t("builds.host.username")}
                hint={t("builds.host.usernameHint")}
                optional={t("builds.host.optional")}
                error={form.errors.username}
              >
                <Input {...form.field("username")} dir="ltr" autoComplete="off" data-testid="host-username" />
              </Field>
            ) : (
              <Field
                label={t("builds.host.apiUrl")}
                hint={t("builds.host.apiUrlHint")}
                optional={t("builds.host.optional")}
                error={form.errors.apiUrl}
              >
                <Input {...form.field("apiUrl")} dir="ltr" inputMode="url" data-testid="host-api-url" />
              </Field>
            )}
            <Field
              label={t("builds.host.token")}
              hint={host.hasToken ? t("builds.host.tokenStored") : t("builds.host.tokenHint")}
              error={form.errors.token}
            >
              <PasswordInput {...form.field("token")} autoComplete="new-password" data-testid="host-token" />
            </Field>
          </>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <SubmitButton pendingLabel={t("builds.host.saving")} data-testid="host-save">
            {t("builds.host.save")}
          </SubmitButton>
          {host.hasToken ? (
            <Button
              variant="ghost"
              loading={forget.pending}
              onClick={() =>
                forget.run("/api/builds/host", {
                  method: "PUT",
                  body: { ...host, token: "", clearToken: true },
                })
              }
              data-testid="host-forget-token"
            >
              {t("builds.host.clearToken")}
            </Button>
          ) : null}
        </div>
      </ApiForm>
    </section>
  );
}
