import { useId, useRef, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { pagePathProblem } from "~/builds/files";
import type { FrontMatterFields } from "~/builds/commit-schema";
import { formatNumber } from "~/i18n/format";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Address } from "~/ui/address";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input, Textarea } from "~/ui/input";
import { useApiQuery } from "~/ui/use-api";
import type { EditorData } from "../editor-page.server";
import { listingGap } from "../new-post";
import { characterCount, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, searchSnippet } from "../search-snippet";
import { suggestedPath } from "~/content/slug";
import type { EditorSuggestions } from "../suggestions.server";
import { typeZwnjOnShortcut } from "../zwnj";
import { DateField } from "./date-field";
import { PreviewLinks } from "./preview-links";
import { PublishAtField } from "./publish-at-field";
import { SearchPreview, SocialPreview } from "./share-previews";
import { TagsField } from "./tags-field";
import { ThumbnailChooser } from "./thumbnail-chooser";
import { TranslationField } from "./translation-field";

/** Messages by field name ("title", "path", "date", …). */
export type FieldErrors = Record<string, string>;

interface PostSettingsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  data: EditorData;
  fields: FrontMatterFields;
  update: (next: Partial<FrontMatterFields>) => void;
  path: string;
  setPath: (path: string) => void;
  message: string;
  setMessage: (message: string) => void;
  errors: FieldErrors;
  /** A part that loads on use (the calendar, the picture picker) could not be downloaded. */
  onPartFailed: () => void;
  /** Asks to delete the page (an existing page only). */
  onDelete?: () => void;
  /** Opens the page's history (an existing page only): a phone's editor bar has no room for its button. */
  onHistory?: () => void;
  /** The button that opens the panel: the focus goes back to it when the panel closes. */
  opener: RefObject<HTMLElement | null>;
}

/**
 * The post-settings panel: everything about the page but its title and text, in one scrolling panel at the
 * reading end side (the whole screen on a phone). Its code, the site's tags and writers (asked for when it opens)
 * and the previews load on use. It edits the editor's state; nothing is saved until the page is.
 */
export default function PostSettings(props: PostSettingsProps) {
  const { open, onOpenChange, data, fields, update, errors, onPartFailed } = props;
  const t = useT();
  const content = useRef<HTMLDivElement>(null);
  const locale = data.page.locale;
  const suggestions = useApiQuery<EditorSuggestions>(open ? `/api/editor/suggestions?locale=${locale}` : null);
  const authorsId = useId();
  const snippet = searchSnippet({ ...fields, site: data.site });
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={content}
        side="end"
        closeLabel={t("editor.settings.close")}
        // The panel itself takes the focus: a phone's keyboard does not cover it before the writer picks a field.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
        // Radix gives the focus back to its own trigger; the panel's opener is the editor's button.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          props.opener.current?.focus();
        }}
        // Escape in an open list (the tags' suggestions) closes the list, not the panel.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof Element && event.target.closest('[role="combobox"][aria-expanded="true"]'))
            event.preventDefault();
        }}
        data-testid="post-settings"
      >
        <DialogHeader className="border-b py-4 ps-4">
          <DialogTitle>{t("editor.settings.title")}</DialogTitle>
          <DialogDescription>{t("editor.settings.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid flex-1 content-start gap-8 overflow-y-auto p-4 pb-10" data-testid="post-settings-body">
          <div className="grid gap-4">
            <AddressField {...props} />
            <Field
              label={t("editor.field.date")}
              hint={t("editor.field.dateHint")}
              optional={t("editor.optional")}
              error={errors.date}
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
            <ListingNotice fields={fields} />
            <PublishAtField
              value={fields.publishAt ?? ""}
              onChange={(publishAt) => update({ publishAt })}
              error={errors.publishAt}
              onPartFailed={onPartFailed}
            />
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
            <Field
              label={t("editor.field.tags")}
              hint={t("editor.field.tagsHint")}
              optional={t("editor.optional")}
              error={errors.tags}
            >
              {(control) => (
                <TagsField
                  id={control.id}
                  value={fields.tags}
                  onChange={(tags) => update({ tags })}
                  describedBy={control["aria-describedby"]}
                  suggestions={suggestions.data?.tags}
                />
              )}
            </Field>
            <Counted text={fields.description}>
              <Field
                label={t("editor.field.excerpt")}
                hint={t("editor.field.descriptionHint")}
                optional={t("editor.optional")}
                error={errors.description}
              >
                <Textarea
                  value={fields.description}
                  onChange={(event) => update({ description: event.target.value })}
                  onKeyDown={typeZwnjOnShortcut}
                  dir="auto"
                  lang={locale}
                  rows={3}
                  data-testid="description-input"
                />
              </Field>
            </Counted>
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
            <Field
              label={t("editor.field.author")}
              hint={t("editor.field.authorHint")}
              optional={t("editor.optional")}
              error={errors.author}
            >
              <Input
                value={fields.author ?? ""}
                onChange={(event) => update({ author: event.target.value })}
                onKeyDown={typeZwnjOnShortcut}
                dir="auto"
                list={authorsId}
                autoComplete="off"
                data-testid="author-input"
              />
            </Field>
            <datalist id={authorsId} data-testid="author-choices">
              {suggestions.data?.authors.map((author) => (
                <option key={author.id} value={author.name} />
              ))}
            </datalist>
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
                value={props.message}
                onChange={(event) => props.setMessage(event.target.value)}
                onKeyDown={typeZwnjOnShortcut}
                dir="auto"
                data-testid="message-input"
              />
            </Field>
          </div>

          <Section title={t("editor.preview.title")} testId="settings-preview">
            <PreviewLinks locale={locale} path={data.page.path} saved={data.page.exists} />
          </Section>

          <Section title={t("editor.settings.section.language")} testId="settings-language">
            <p className="text-sm">{t("editor.settings.language", { language: t(`editor.language.${locale}`) })}</p>
            {data.other ? (
              <Link
                to={data.other.url}
                className="inline-flex items-center gap-1.5 justify-self-start text-sm text-primary underline underline-offset-4"
              >
                <Icon name="languages" className="size-4" />
                {data.other.exists
                  ? t(`editor.language.${data.other.locale}`)
                  : t("editor.translate.action", { language: t(`editor.language.${data.other.locale}`) })}
              </Link>
            ) : null}
            <TranslationField
              locale={locale}
              value={fields.translationOf ?? ""}
              onChange={(translationOf) => update({ translationOf })}
              error={errors.translationOf}
            />
          </Section>

          <Section title={t("editor.settings.section.search")} testId="settings-search">
            <Counted text={fields.seoTitle ?? ""} max={SEO_TITLE_MAX} testId="seo-title-count">
              <Field
                label={t("editor.field.seoTitle")}
                hint={t("editor.field.seoTitleHint")}
                optional={t("editor.optional")}
                error={errors.seoTitle}
              >
                <Input
                  value={fields.seoTitle ?? ""}
                  onChange={(event) => update({ seoTitle: event.target.value })}
                  onKeyDown={typeZwnjOnShortcut}
                  dir="auto"
                  lang={locale}
                  placeholder={fields.title}
                  data-testid="seo-title-input"
                />
              </Field>
            </Counted>
            <Counted text={fields.seoDescription ?? ""} max={SEO_DESCRIPTION_MAX} testId="seo-description-count">
              <Field
                label={t("editor.field.seoDescription")}
                hint={t("editor.field.seoDescriptionHint")}
                optional={t("editor.optional")}
                error={errors.seoDescription}
              >
                <Textarea
                  value={fields.seoDescription ?? ""}
                  onChange={(event) => update({ seoDescription: event.target.value })}
                  onKeyDown={typeZwnjOnShortcut}
                  dir="auto"
                  lang={locale}
                  rows={3}
                  placeholder={fields.description}
                  data-testid="seo-description-input"
                />
              </Field>
            </Counted>
            <SearchPreview
              locale={locale}
              origin={data.site.origin}
              path={props.path}
              title={snippet.title}
              description={snippet.description}
            />
            <SocialPreview
              locale={locale}
              origin={data.site.origin}
              image={fields.thumbnail || data.site.shareImage}
              title={snippet.cardTitle}
              description={snippet.description}
            />
          </Section>

          {props.onHistory ? (
            <Section title={t("editor.history.open")} testId="settings-history">
              <p className="text-sm text-muted-foreground">{t("editor.history.about")}</p>
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                onClick={props.onHistory}
                data-testid="settings-history-open"
              >
                <Icon name="history" />
                {t("editor.history.open")}
              </Button>
            </Section>
          ) : null}

          {props.onDelete ? (
            <Section title={t("editor.settings.section.delete")} testId="settings-delete">
              <p className="text-sm text-muted-foreground">{t("editor.settings.deleteHint")}</p>
              <Button
                type="button"
                variant="outline"
                className="justify-self-start text-destructive"
                onClick={props.onDelete}
                data-testid="delete-page"
              >
                <Icon name="trash-2" />
                {t("editor.delete.button")}
              </Button>
            </Section>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 border-t pt-6" data-testid={testId}>
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The page's address: the slug as typed, the full address it gives, and what changing it means. */
function AddressField({ data, fields, path, setPath, errors }: PostSettingsProps) {
  const t = useT();
  const locale = data.page.locale;
  const suggestion = suggestedPath(fields.title, fields.category || undefined);
  const problem = path ? pagePathProblem(path) : null;
  const error =
    errors.path ??
    (problem === "reserved"
      ? t("editor.error.pathReserved")
      : problem === "depth"
        ? t("editor.error.pathDepth")
        : problem
          ? t("editor.error.path")
          : undefined);
  return (
    <div className="grid gap-1.5">
      <Field label={t("editor.field.path")} hint={t("editor.field.pathHint")} error={error}>
        <Input
          value={path}
          onChange={(event) => setPath(event.target.value.trim().toLowerCase())}
          dir="auto"
          spellCheck={false}
          placeholder="/notes/…"
          data-testid="path-input"
        />
      </Field>
      {path && !problem ? (
        <p className="grid gap-0.5 text-xs text-muted-foreground">
          <span>{t("editor.settings.fullAddress")}</span>
          <Address className="break-all text-foreground" data-testid="full-address">
            {data.site.origin + localizePath(path, locale)}
          </Address>
        </p>
      ) : null}
      {data.page.published ? (
        <p className="text-xs text-muted-foreground" data-testid="path-moves">
          {t("editor.settings.pathMoves")}
        </p>
      ) : null}
      {suggestion && suggestion !== path && !data.page.exists ? (
        <button
          type="button"
          onClick={() => setPath(suggestion)}
          className="justify-self-start text-start text-xs text-primary underline underline-offset-4"
          data-testid="path-suggestion"
        >
          {t("editor.field.suggest", { path: suggestion })}
        </button>
      ) : null}
    </div>
  );
}

/** A field with its length under it, and a gentle warning past what search engines usually show. */
function Counted({
  text,
  max,
  testId,
  children,
}: {
  text: string;
  max?: number;
  testId?: string;
  children: ReactNode;
}) {
  const t = useT();
  const uiLocale = useLocale();
  const count = characterCount(text);
  const over = max !== undefined && count > max;
  return (
    <div className="grid gap-1">
      {children}
      <p
        className={cn("text-xs tabular-nums", over ? "text-amber-700 dark:text-amber-400" : "text-muted-foreground")}
        data-testid={testId}
        data-over={over || undefined}
      >
        {max === undefined
          ? t("editor.settings.count", { count: formatNumber(count, uiLocale) })
          : t("editor.settings.countOf", { count: formatNumber(count, uiLocale), max: formatNumber(max, uiLocale) })}
        {over ? ` · ${t("editor.settings.tooLong", { max: formatNumber(max, uiLocale) })}` : ""}
      </p>
    </div>
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
