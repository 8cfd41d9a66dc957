import { useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { localizeDigits } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { useT } from "~/i18n/use-t";
import { documentTitle } from "~/settings/app-config";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input, Textarea } from "~/ui/input";
import { SwitchField } from "~/ui/switch-field";
import { toast } from "~/ui/toast/store";
import { useApi } from "~/ui/use-api";
import { useApiForm, type ApiFormState } from "~/ui/use-api-form";
import { useUnsavedChanges } from "~/ui/use-unsaved-changes";
import { settingsFields, type SettingsField } from "../config-fields";
import { settingsFormSchema } from "../schema";
import { RepositoryAccessPicker } from "./repository-access-picker";
import { ThemePicker } from "./theme-picker";

/** The settings form's values: text per field, a checklist per switch (["on"] when set). */
export type SettingsFormValues = Record<
  Exclude<
    SettingsField,
    | "commentsAllowAnonymous"
    | "commentsAllowLinks"
    | "visitLogEnabled"
    | "visitLogRespectDoNotTrack"
    | "visitLogKeepFullAddresses"
    | "signInRequireSecondFactor"
  >,
  string
> &
  Record<
    | "commentsAllowAnonymous"
    | "commentsAllowLinks"
    | "visitLogEnabled"
    | "visitLogRespectDoNotTrack"
    | "visitLogKeepFullAddresses"
    | "signInRequireSecondFactor",
    string[]
  >;

/** Settings fields as the API gives them (./config-fields), as the form holds them (numbers in the page's digits). */
export function settingsFormValues(fields: Record<SettingsField, unknown>, locale: Locale): SettingsFormValues {
  const values = {} as Record<SettingsField, string | string[]>;
  for (const field of settingsFields) {
    const value = fields[field];
    values[field] =
      typeof value === "boolean"
        ? value
          ? ["on"]
          : []
        : typeof value === "number"
          ? localizeDigits(String(value), locale)
          : Array.isArray(value)
            ? value.join("\n")
            : String(value ?? "");
  }
  return values as SettingsFormValues;
}

/** What the server keeps of each field, as the form holds it: a save sends only what differs from it. */
function parsed(values: SettingsFormValues): Record<string, unknown> {
  const result = settingsFormSchema.safeParse(values);
  return result.success ? result.data : {};
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every setting in one form, saved with one call. A save sends the fields that differ from what the page was
 * loaded with, and the version they were loaded at: the server refuses a field someone else changed since
 * (it is marked, and saving again then replaces their value) and merges the rest. Render it with a `key` that
 * changes after each save, so it starts again from the stored values.
 */
export function SettingsForm({
  initial,
  version,
  canEdit,
  onSaved,
}: {
  initial: SettingsFormValues;
  version: number;
  canEdit: boolean;
  onSaved: (saved: { version: number; settings: Record<SettingsField, unknown> }) => void;
}) {
  const t = useT();
  const api = useApi();
  const revalidator = useRevalidator();
  const base = useRef(parsed(initial));
  const basedOn = useRef(version);
  const form = useApiForm({
    schema: settingsFormSchema,
    path: "/api/settings",
    method: "PUT",
    initial,
    request: (input) => {
      const changes = Object.fromEntries(
        Object.entries(input).filter(([field, value]) => !same(base.current[field], value)),
      );
      return { body: { version: basedOn.current, ...changes } };
    },
    onSuccess: (data) => onSaved(data as unknown as { version: number; settings: Record<SettingsField, unknown> }),
    onFailure: (failure) => {
      if (failure.status !== 409) return;
      toast({ title: failure.message, variant: "warning" });
      // The change history shows what the others changed; a second save, based on the version now stored,
      // replaces their values in the marked fields with these.
      void revalidator.revalidate();
      if (failure.issues.length) {
        void api<{ version: number }>("/api/settings", { method: "GET" }).then((answer) => {
          if (answer.ok) basedOn.current = answer.data.version;
        });
      }
    },
  });
  const [start] = useState(initial);
  const dirty = !same(form.values, start);

  const leaveDialog = useUnsavedChanges({ dirty: dirty && !form.pending, description: t("settings.leaveDescription") });

  const text = (name: Exclude<keyof SettingsFormValues, ListName>) => form.field(name);
  const disabled = !canEdit;

  return (
    <ApiForm form={form} data-testid="settings-form" className="gap-6">
      <Section id="site" title={t("settings.section.site")} description={t("settings.section.siteDescription")}>
        <Bilingual
          form={form}
          fields={["siteNameFa", "siteNameEn"]}
          hint={t("settings.hint.siteName")}
          disabled={disabled}
        />
        <Bilingual form={form} fields={["titleFa", "titleEn"]} hint={t("settings.hint.title")} disabled={disabled} />
        <Bilingual
          form={form}
          fields={["descriptionFa", "descriptionEn"]}
          hint={t("settings.hint.description")}
          disabled={disabled}
        />
        <Bilingual form={form} fields={["footerFa", "footerEn"]} hint={t("settings.hint.footer")} disabled={disabled} />
        <TitlePreview values={form.values} />
      </Section>

      <Section
        id="appearance"
        title={t("settings.section.appearance")}
        description={t("settings.section.appearanceDescription")}
      >
        <ThemePicker field={text("themePrimary")} error={form.errors.themePrimary} disabled={disabled} />
      </Section>

      <Section
        id="comments"
        title={t("settings.section.comments")}
        description={t("settings.section.commentsDescription")}
      >
        <SwitchField
          label={t("settings.field.commentsAllowAnonymous")}
          hint={t("settings.hint.commentsAllowAnonymous")}
          field={form.list("commentsAllowAnonymous")}
          disabled={disabled}
          testId="setting-commentsAllowAnonymous"
        />
        <SwitchField
          label={t("settings.field.commentsAllowLinks")}
          hint={t("settings.hint.commentsAllowLinks")}
          field={form.list("commentsAllowLinks")}
          disabled={disabled}
          testId="setting-commentsAllowLinks"
        />
        <div className="max-w-xs">
          <Field
            label={t("settings.field.commentsMaxLinks")}
            hint={t("settings.hint.commentsMaxLinks")}
            error={form.errors.commentsMaxLinks}
          >
            <Input {...text("commentsMaxLinks")} inputMode="numeric" dir="ltr" disabled={disabled} />
          </Field>
        </div>
        <Field
          label={t("settings.field.commentsModerationWords")}
          hint={t("settings.hint.commentsModerationWords")}
          error={form.errors.commentsModerationWords}
        >
          <Textarea {...text("commentsModerationWords")} rows={4} dir="auto" disabled={disabled} />
        </Field>
      </Section>

      <Section
        id="visit-log"
        title={t("settings.section.visitLog")}
        description={t("settings.section.visitLogDescription")}
      >
        <SwitchField
          label={t("settings.field.visitLogEnabled")}
          hint={t("settings.hint.visitLogEnabled")}
          field={form.list("visitLogEnabled")}
          disabled={disabled}
          testId="setting-visitLogEnabled"
        />
        <div className="max-w-xs">
          <Field
            label={t("settings.field.visitLogRetentionDays")}
            hint={t("settings.hint.visitLogRetentionDays")}
            error={form.errors.visitLogRetentionDays}
          >
            <Input {...text("visitLogRetentionDays")} inputMode="numeric" dir="ltr" disabled={disabled} />
          </Field>
        </div>
        <SwitchField
          label={t("settings.field.visitLogRespectDoNotTrack")}
          hint={t("settings.hint.visitLogRespectDoNotTrack")}
          field={form.list("visitLogRespectDoNotTrack")}
          disabled={disabled}
          testId="setting-visitLogRespectDoNotTrack"
        />
        <SwitchField
          label={t("settings.field.visitLogKeepFullAddresses")}
          hint={t("settings.hint.visitLogKeepFullAddresses")}
          field={form.list("visitLogKeepFullAddresses")}
          disabled={disabled}
          testId="setting-visitLogKeepFullAddresses"
        />
      </Section>

      <Section
        id="repository"
        title={t("settings.section.repository")}
        description={t("settings.section.repositoryDescription")}
      >
        <RepositoryAccessPicker
          field={text("repositoryAccess")}
          error={form.errors.repositoryAccess}
          disabled={disabled}
        />
      </Section>

      <Section id="sign-in" title={t("settings.section.signIn")} description={t("settings.section.signInDescription")}>
        <SwitchField
          label={t("settings.field.signInRequireSecondFactor")}
          hint={t("settings.hint.signInRequireSecondFactor")}
          field={form.list("signInRequireSecondFactor")}
          disabled={disabled}
          testId="setting-signInRequireSecondFactor"
        />
      </Section>

      {/* Sections of later features join here, each a <Section> of its fields. */}

      {canEdit ? (
        <div
          className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card/95 px-4 py-3 shadow-sm backdrop-blur"
          data-testid="settings-save-bar"
        >
          <span
            className={dirty ? "text-sm font-medium text-warning" : "text-sm text-muted-foreground"}
            data-testid="settings-state"
            data-dirty={dirty || undefined}
          >
            {dirty ? t("settings.unsaved") : t("settings.allSaved")}
          </span>
          <SubmitButton pendingLabel={t("settings.saving")} data-testid="settings-save">
            <Icon name="check" />
            {t("settings.save")}
          </SubmitButton>
        </div>
      ) : null}

      {leaveDialog}
    </ApiForm>
  );
}

type ListName =
  | "commentsAllowAnonymous"
  | "commentsAllowLinks"
  | "visitLogEnabled"
  | "visitLogRespectDoNotTrack"
  | "visitLogKeepFullAddresses"
  | "signInRequireSecondFactor";

/** A titled group of settings; its heading is what the page's outline and screen readers navigate by. */
function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`settings-${id}`}
      className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
      data-testid={`settings-section-${id}`}
    >
      <header className="grid gap-1">
        <h2 id={`settings-${id}`} className="text-lg font-bold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </header>
      {children}
    </section>
  );
}

const languages: Locale[] = ["fa", "en"];

/**
 * One setting in both languages, side by side from sm up: each input written in its own language and
 * direction, whatever the page's.
 */
function Bilingual({
  form,
  fields,
  hint,
  disabled,
}: {
  form: ApiFormState<SettingsFormValues>;
  fields: [Exclude<keyof SettingsFormValues, ListName>, Exclude<keyof SettingsFormValues, ListName>];
  hint: string;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((name, i) => {
        const locale = languages[i]!;
        return (
          <Field
            key={name}
            label={t(`settings.field.${name}` as MessageKey)}
            hint={i === 0 ? hint : undefined}
            error={form.errors[name]}
          >
            <Input
              {...form.field(name)}
              lang={locale}
              dir={locale === "fa" ? "rtl" : "ltr"}
              disabled={disabled}
              data-testid={`setting-${name}`}
            />
          </Field>
        );
      })}
    </div>
  );
}

/** How page titles will read in each language with the values typed so far. */
function TitlePreview({ values }: { values: SettingsFormValues }) {
  const t = useT();
  const rows = [
    { locale: "fa" as const, name: values.siteNameFa, description: values.descriptionFa },
    { locale: "en" as const, name: values.siteNameEn, description: values.descriptionEn },
  ];
  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-3 text-sm" data-testid="title-preview">
      <p className="text-xs font-semibold text-muted-foreground">{t("settings.preview")}</p>
      {rows.map((row) => (
        <p key={row.locale} className="flex flex-wrap items-baseline gap-2">
          <span className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
            {t(`settings.language.${row.locale}`)}
          </span>
          <span lang={row.locale} dir={row.locale === "fa" ? "rtl" : "ltr"} className="min-w-0 break-words">
            {documentTitle({ name: row.name.trim(), description: row.description.trim() })}
          </span>
        </p>
      ))}
    </div>
  );
}
