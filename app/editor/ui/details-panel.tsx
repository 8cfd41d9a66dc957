import { pagePathProblem } from "~/builds/files";
import type { Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import type { EditorData } from "../editor-page.server";
import type { FrontMatterFields } from "~/builds/commit-schema";
import { listingGap } from "../new-post";
import { suggestedPath } from "~/content/slug";
import { typeZwnjOnShortcut } from "../zwnj";
import { DateField } from "./date-field";
import { ThumbnailChooser } from "./thumbnail-chooser";
import { TagsField } from "./tags-field";
import { TranslationField } from "./translation-field";

/** Messages by field name ("title", "path", "date", …). */
export type FieldErrors = Record<string, string>;

/** The page's details (its front matter), its address and the note for the build. */
export function DetailsPanel({
  data,
  locale,
  fields,
  update,
  path,
  setPath,
  message,
  setMessage,
  errors,
  wide,
  onPartFailed,
}: {
  data: EditorData;
  locale: Locale;
  fields: FrontMatterFields;
  update: (next: Partial<FrontMatterFields>) => void;
  path: string;
  setPath: (path: string) => void;
  message: string;
  setMessage: (message: string) => void;
  errors: FieldErrors;
  /** Laid out in columns below the text (beside a translation's original) rather than in a side column. */
  wide?: boolean;
  /** A part that loads on use (the calendar) could not be downloaded. */
  onPartFailed: () => void;
}) {
  const t = useT();
  const suggestion = suggestedPath(fields.title, fields.category || undefined);
  const problem = path ? pagePathProblem(path) : null;
  const pathError =
    errors.path ??
    (problem === "reserved"
      ? t("editor.error.pathReserved")
      : problem === "depth"
        ? t("editor.error.pathDepth")
        : problem
          ? t("editor.error.path")
          : undefined);
  const flag = (name: "toc" | "comments" | "draft" | "intro") => (
    <Check
      key={name}
      label={t(`editor.field.${name}`)}
      checked={fields[name]}
      onChange={(value) => update({ [name]: value })}
      testId={`flag-${name}`}
    />
  );
  return (
    <aside
      aria-label={t("editor.details")}
      className={cn(
        "grid content-start gap-4",
        wide ? "rounded-lg border p-4 md:grid-cols-2" : "lg:sticky lg:top-[7.5rem]",
      )}
      data-testid="details-panel"
      lang={locale}
    >
      <h2 className={cn("text-sm font-semibold text-muted-foreground", wide && "md:col-span-2")}>
        {t("editor.details")}
      </h2>
      <Field label={t("editor.field.path")} hint={t("editor.field.pathHint")} error={pathError}>
        <Input
          value={path}
          onChange={(event) => setPath(event.target.value.trim().toLowerCase())}
          dir="auto"
          spellCheck={false}
          placeholder="/notes/…"
          data-testid="path-input"
        />
      </Field>
      {suggestion && suggestion !== path && !data.page.exists ? (
        <button
          type="button"
          onClick={() => setPath(suggestion)}
          className="-mt-2 justify-self-start text-start text-xs text-primary underline underline-offset-4"
          data-testid="path-suggestion"
        >
          {t("editor.field.suggest", { path: suggestion })}
        </button>
      ) : null}
      <Field
        label={t("editor.field.description")}
        hint={t("editor.field.descriptionHint")}
        optional={t("editor.optional")}
        error={errors.description}
      >
        <Textarea
          value={fields.description}
          onChange={(event) => update({ description: event.target.value })}
          onKeyDown={typeZwnjOnShortcut}
          dir="auto"
          rows={3}
          data-testid="description-input"
        />
      </Field>
      <Field label={t("editor.field.category")} error={errors.category}>
        <select
          value={fields.category ?? ""}
          onChange={(event) => update({ category: event.target.value })}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-base sm:text-sm"
          data-testid="category-select"
        >
          <option value="">{t("editor.field.noCategory")}</option>
          {data.categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.label}
            </option>
          ))}
        </select>
      </Field>
      <DateFieldRow fields={fields} update={update} error={errors.date} onPartFailed={onPartFailed} />
      <ListingNotice fields={fields} />
      <TagsRow value={fields.tags} onChange={(tags) => update({ tags })} error={errors.tags} />
      <Field
        label={t("editor.field.thumbnail")}
        hint={t("editor.field.thumbnailHint")}
        optional={t("editor.optional")}
        error={errors.thumbnail}
      >
        <Input
          value={fields.thumbnail ?? ""}
          onChange={(event) => update({ thumbnail: event.target.value })}
          dir="auto"
          placeholder="/images/…"
          data-testid="thumbnail-input"
        />
      </Field>
      <ThumbnailChooser
        value={fields.thumbnail ?? ""}
        onChange={(thumbnail) => update({ thumbnail })}
        onPartFailed={onPartFailed}
      />
      <Field label={t("editor.field.author")} optional={t("editor.optional")} error={errors.author}>
        <Input
          value={fields.author ?? ""}
          onChange={(event) => update({ author: event.target.value })}
          onKeyDown={typeZwnjOnShortcut}
          dir="auto"
        />
      </Field>
      <TranslationField
        locale={locale}
        value={fields.translationOf ?? ""}
        onChange={(translationOf) => update({ translationOf })}
        error={errors.translationOf}
      />
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t("editor.details")}</legend>
        {(["toc", "comments", "draft", "intro"] as const).map(flag)}
      </fieldset>
      <Field
        label={t("editor.field.message")}
        hint={t("editor.field.messageHint")}
        optional={t("editor.optional")}
        error={errors.message}
      >
        <Input
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={typeZwnjOnShortcut}
          dir="auto"
          data-testid="message-input"
        />
      </Field>
    </aside>
  );
}

function DateFieldRow({
  fields,
  update,
  error,
  onPartFailed,
}: {
  fields: FrontMatterFields;
  update: (next: Partial<FrontMatterFields>) => void;
  error?: string;
  onPartFailed: () => void;
}) {
  const t = useT();
  return (
    <Field
      label={t("editor.field.date")}
      hint={t("editor.field.dateHint")}
      optional={t("editor.optional")}
      error={error}
    >
      {(control) => (
        <DateField
          id={control.id}
          value={fields.date ?? ""}
          onChange={(date) => update({ date })}
          invalid={control["aria-invalid"]}
          describedBy={control["aria-describedby"]}
          onPartFailed={onPartFailed}
        />
      )}
    </Field>
  );
}

function TagsRow({ value, onChange, error }: { value: string[]; onChange: (tags: string[]) => void; error?: string }) {
  const t = useT();
  return (
    <Field
      label={t("editor.field.tags")}
      hint={t("editor.field.tagsHint")}
      optional={t("editor.optional")}
      error={error}
    >
      {(control) => (
        <TagsField id={control.id} value={value} onChange={onChange} describedBy={control["aria-describedby"]} />
      )}
    </Field>
  );
}

function Check({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <label className="flex min-h-6 cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-primary"
        data-testid={testId}
      />
      {label}
    </label>
  );
}

/** Says so when what is being saved will not be listed where readers look for posts. */
function ListingNotice({ fields }: { fields: FrontMatterFields }) {
  const t = useT();
  const gap = listingGap(fields);
  if (!gap) return null;
  return (
    <p
      role="note"
      className="-mt-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-xs"
      data-testid="listing-notice"
    >
      {t(gap === "page" ? "editor.listing.page" : "editor.listing.noCategory")}
    </p>
  );
}
