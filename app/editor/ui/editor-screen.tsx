import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { editorPathOf } from "~/content/editor-link";
import { formatDate, formatNumber } from "~/i18n/format";
import { countWords, readingMinutes } from "~/lib/reading-time";
import { dirOf, localizePath, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { translateIssue } from "~/lib/validation";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { confirmDialogOnUse } from "~/ui/confirm-dialog-on-use";
import { Icon } from "~/ui/icon";
import { inputClass } from "~/ui/input";
import { lazyPart } from "~/ui/lazy-part";
import { toast } from "~/ui/toast/store";
import { useApi } from "~/ui/use-api";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import { useUnsavedChanges } from "~/ui/use-unsaved-changes";
import { draftKey, readDraft, removeDraft, writeDraft, type LocalDraft } from "../draft-store";
import { newPostDefaults, rememberCategory } from "../new-post";
import type { EditorData } from "../editor-page.server";
import type { FrontMatterFields } from "~/builds/commit-schema";
import { suggestedPath } from "~/content/slug";
import { typeZwnjOnShortcut } from "../zwnj";
import type { FieldErrors } from "./post-settings";
import { Outline } from "./outline";
import { PartPending } from "./part-pending";
import { loadMarkdownCodec, RichEditor, type RichEditorHandle } from "./rich-editor";

type Mode = "write" | "source" | "preview";

const preview = lazyPart(() => import("./preview-pane"));
// The post-settings panel, with its fields' code, the site's tags and the previews, loads on use.
const postSettings = lazyPart(() => import("./post-settings"));
// The page's history (its versions, their diffs and restoring one) loads on use.
const pageHistory = lazyPart(() => import("./page-history"));
// The save's checks (zod and the commit's schema) are needed only when saving.
const loadCommitSchema = () => import("~/builds/commit-schema");

interface Snapshot {
  path: string;
  fields: FrontMatterFields;
  markdown: string;
}

const same = (a: Snapshot, b: Snapshot) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The editor: the page's title and text (rich or as markdown, with a preview rendered by the site itself), its
 * details beside it, and saving into the open build. What is typed is kept in this browser as it changes; leaving
 * with unsaved changes asks first.
 */
export function EditorScreen({ data }: { data: EditorData }) {
  const t = useT();
  const uiLocale = useLocale();
  const api = useApi();
  const navigate = useNavigate();
  const { page } = data;
  const locale: Locale = page.locale;
  const titleId = useId();

  const initial: Snapshot = useMemo(
    () => ({ path: page.path, fields: page.fields, markdown: page.markdown }),
    [page.path, page.fields, page.markdown],
  );
  const [saved, setSaved] = useState<Snapshot>(initial);
  const [baseHash, setBaseHash] = useState(page.hash);
  const [fields, setFields] = useState(page.fields);
  const [path, setPath] = useState(page.path);
  const [pathTouched, setPathTouched] = useState(page.exists || page.path !== "");
  const [markdown, setMarkdown] = useState(page.markdown);
  const [message, setMessage] = useState("");
  const [mode, setMode] = useState<Mode>("write");
  const [source, setSource] = useState(page.markdown);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Undefined until first opened (nothing of the panel is downloaded before); mounted afterwards, to animate out.
  const [settingsOpen, setSettingsOpen] = useState<boolean | undefined>(undefined);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const [historyOpen, setHistoryOpen] = useState<boolean | undefined>(undefined);
  const historyButton = useRef<HTMLButtonElement>(null);
  // The history opens from the bar, or from the settings' panel (a phone's bar has no room for its button).
  const [historyFrom, setHistoryFrom] = useState<"bar" | "settings">("bar");
  const [found, setFound] = useState<LocalDraft | null>(null);
  const [focus, setFocus] = useState(false);
  // Focus: the page's frames are hidden (`data-focus-hide`) while it lasts; Escape or the button ends it.
  useEffect(() => {
    if (!focus) return;
    const root = document.documentElement;
    root.toggleAttribute("data-focus-writing", true);
    const onKey = (event: KeyboardEvent) => {
      // Not while a dialog is open: its Escape closes it alone.
      if (event.key === "Escape" && !document.querySelector('[role="dialog"], [role="alertdialog"]')) setFocus(false);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      root.removeAttribute("data-focus-writing");
      document.removeEventListener("keydown", onKey);
    };
  }, [focus]);
  const editor = useRef<RichEditorHandle | null>(null);
  const titleField = useRef<HTMLTextAreaElement>(null);
  // Browsers without `field-sizing` grow the title's field to its text here.
  useLayoutEffect(() => {
    const field = titleField.current;
    if (!field || CSS.supports("field-sizing", "content")) return;
    field.style.height = "auto";
    field.style.height = `${field.scrollHeight}px`;
  }, [fields.title]);
  // A part that loads on use could not be downloaded (offline): said in the alert; nothing typed is touched.
  const partFailed = useCallback(() => setAlert(t("editor.part.failed")), [t]);
  const previewIntent = useLoadOnIntent(preview.load);
  const settingsIntent = useLoadOnIntent(postSettings.load);
  const historyIntent = useLoadOnIntent(pageHistory.load);
  const saveIntent = useLoadOnIntent(loadCommitSchema);
  const sourceIntent = useLoadOnIntent(loadMarkdownCodec);
  const leaving = useRef(false);
  const key = draftKey(locale, page.path);

  // The editor reports changes; its markdown is read a moment after typing stops. Until it is read (or while the
  // writer's code cannot be downloaded) the editor holds changes the markdown does not have yet: unsaved.
  const [unread, setUnread] = useState(false);
  const readTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onEditorChange = useCallback(() => {
    setUnread(true);
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      editor.current?.markdown().then((text) => {
        setMarkdown(text);
        setUnread(false);
      }, partFailed);
    }, 250);
  }, [partFailed]);
  const setHandle = useCallback((handle: RichEditorHandle | null) => {
    editor.current = handle;
  }, []);

  /** The text as it is now, whichever view is open. */
  const currentMarkdown = async () => (mode === "source" ? source : ((await editor.current?.markdown()) ?? markdown));
  const current: Snapshot = { path, fields, markdown: mode === "source" ? source : markdown };
  // Counted as the page's reading time is (code blocks are not read), as the text was last read.
  const words = useMemo(() => countWords(withoutCodeBlocks(current.markdown)), [current.markdown]);
  const dirty = (mode === "write" && unread) || !same(current, saved);

  // A new page's address follows its title until the writer sets one.
  const update = (next: Partial<FrontMatterFields>) => {
    setFields((old) => {
      const merged = { ...old, ...next };
      if (!pathTouched && !page.exists) setPath(suggestedPath(merged.title, merged.category || undefined));
      return merged;
    });
  };

  // A new post (not a translation, which starts from its original) is dated today in the writer's calendar and
  // filed where the last one was: set once in the browser, which knows the writer's day, and not a change.
  useEffect(() => {
    if (page.exists || data.original || page.fields.date) return;
    const timer = setTimeout(() => {
      const defaults = {
        ...newPostDefaults(data.categories.map((category) => category.slug)),
        author: data.writer,
      };
      setFields((old) => ({ ...old, ...defaults }));
      setSaved((old) => ({ ...old, fields: { ...old.fields, ...defaults } }));
    }, 0);
    return () => clearTimeout(timer);
  }, [page.exists, page.fields.date, data.original, data.categories, data.writer]);

  // ── Local drafts ──────────────────────────────────────────────────────────
  useEffect(() => {
    // Read once the page is in the browser (the server has no drafts to show).
    const timer = setTimeout(() => {
      const draft = readDraft(key);
      if (draft && !same({ path: draft.path, fields: draft.fields, markdown: draft.markdown }, initial))
        setFound(draft);
      else if (draft) removeDraft(key);
    }, 0);
    return () => clearTimeout(timer);
  }, [key, initial]);
  useEffect(() => {
    if (found) return; // an earlier draft is waiting for a decision: do not write over it
    const timer = setTimeout(() => {
      if (dirty) writeDraft(key, { savedAt: Date.now(), baseHash, ...current });
      else removeDraft(key);
    }, 400);
    return () => clearTimeout(timer);
  });
  const restore = async (draft: LocalDraft) => {
    try {
      await editor.current?.load(draft.markdown);
    } catch {
      partFailed();
      return;
    }
    setFields(draft.fields);
    setPath(draft.path);
    setPathTouched(true);
    setMarkdown(draft.markdown);
    setUnread(false);
    setSource(draft.markdown);
    setFound(null);
    toast({ title: t("editor.draft.restored"), variant: "success" });
  };

  // ── A version restored from the history ─────────────────────────────────
  // The server has written it into the open build: the editor shows it as saved, and the editor's Undo brings
  // back the text before it (a change to save again).
  const restored = async (version: { hash: string | null; fields: FrontMatterFields; markdown: string }) => {
    await editor.current?.replace(version.markdown);
    setFields(version.fields);
    setMarkdown(version.markdown);
    setUnread(false);
    setSource(version.markdown);
    setSaved({ path, fields: version.fields, markdown: version.markdown });
    setBaseHash(version.hash);
    setAlert(null);
  };

  // ── Leaving with unsaved changes ─────────────────────────────────────────
  const leaveDialog = useUnsavedChanges({
    dirty,
    description: t("editor.guard.description"),
    saved: () => leaving.current,
  });

  // ── Modes ────────────────────────────────────────────────────────────────
  // Leaving the source view reads its markdown into the editor, leaving the editor writes its markdown: either
  // may wait for the markdown code, and a view whose code cannot be downloaded stays open with its text.
  const switchTo = async (next: Mode) => {
    if (next === mode) return;
    try {
      if (mode === "source") {
        await editor.current?.load(source);
        setMarkdown(source);
        setUnread(false);
      } else if (mode === "write" && editor.current) {
        const text = await editor.current.markdown();
        setMarkdown(text);
        setUnread(false);
        setSource(text);
      }
    } catch {
      partFailed();
      return;
    }
    if (next === "source" && mode === "preview") setSource(markdown);
    setMode(next);
  };

  // ── Saving ───────────────────────────────────────────────────────────────
  const save = async (action: "save" | "delete" = "save") => {
    if (saving) return;
    let text: string;
    try {
      text = await currentMarkdown();
    } catch {
      partFailed();
      return;
    }
    if (mode === "write") {
      setMarkdown(text);
      setUnread(false);
    }
    const body =
      action === "save"
        ? {
            action,
            locale,
            path,
            previousPath: page.exists ? page.path : undefined,
            frontMatter: fields,
            markdown: text,
            baseHash,
            message: message || undefined,
          }
        : { action, locale, path: page.path, baseHash, message: message || undefined };
    let commitSchema;
    try {
      ({ commitSchema } = await loadCommitSchema());
    } catch {
      partFailed();
      return;
    }
    const checked = commitSchema.safeParse(body);
    if (!checked.success) {
      const next: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const name = String(issue.path.at(-1) === "frontMatter" ? "title" : (issue.path[1] ?? issue.path[0]));
        next[name] ??= translateIssue(issue.message, t);
      }
      setErrors(next);
      if (Object.keys(next).some((name) => name !== "title")) setSettingsOpen(true);
      return;
    }
    setErrors({});
    setAlert(null);
    setSaving(true);
    const result = await api<{ hash: string | null; file: string | null; commitId: number | null }>(
      "/api/builds/commit",
      { body },
    );
    setSaving(false);
    if (!result.ok) {
      if (result.status === 409 || result.status === 404) setAlert(result.message);
      else if (result.issues.length) {
        const next: FieldErrors = {};
        for (const issue of result.issues) next[issue.path.split(".").at(-1) ?? "title"] ??= issue.message;
        setErrors(next);
        if (Object.keys(next).some((name) => name !== "title")) setSettingsOpen(true);
        setAlert(result.message);
      } else toast({ title: result.message, variant: "error" });
      return;
    }
    toast({ title: result.data.message ?? t("editor.commitCreated"), variant: "success" });
    removeDraft(key);
    leaving.current = true;
    if (action === "delete") {
      navigate(localizePath("/manage/builds", uiLocale));
      return;
    }
    const snapshot = { path, fields, markdown: text };
    setSaved(snapshot);
    setBaseHash(result.data.hash);
    if (fields.category) rememberCategory(fields.category);
    // A new page, or one that moved, is edited from its own address from now on; a translation keeps its original
    // beside it.
    const from = new URLSearchParams(window.location.search).get("from");
    const query = from && data.original?.locale === from ? `?from=${from}` : "";
    navigate(localizePath(editorPathOf(locale, path), uiLocale) + query, { replace: true });
    leaving.current = false;
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const heading = page.exists
    ? t("editor.editing", { title: page.fields.title })
    : data.original
      ? t("editor.translating", { title: data.original.title })
      : t("editor.newPage");
  const state = dirty
    ? { label: t("editor.state.unsaved"), tone: "text-amber-700 dark:text-amber-400", icon: "circle-dashed" as const }
    : page.pending || saved !== initial
      ? {
          label: t("editor.state.saved"),
          tone: "text-emerald-700 dark:text-emerald-400",
          icon: "circle-check" as const,
        }
      : { label: t("editor.state.published"), tone: "text-muted-foreground", icon: "check" as const };

  const writing = (
    // content-start: beside a taller original (a translation's), the rows keep their height instead of sharing the rest.
    <div className="grid min-w-0 content-start gap-3">
      <label htmlFor={titleId} className="sr-only">
        {t("editor.field.title")}
      </label>
      {/* A title wraps onto as many lines as it needs (a phone shows it whole); Enter goes on to the text. */}
      <textarea
        ref={titleField}
        id={titleId}
        rows={1}
        value={fields.title}
        onChange={(event) => update({ title: event.target.value.replace(/\s*\n\s*/g, " ") })}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            editor.current?.focus();
            return;
          }
          typeZwnjOnShortcut(event);
        }}
        dir={fields.title ? "auto" : dirOf(locale)}
        lang={locale}
        placeholder={t("editor.field.titlePlaceholder")}
        aria-invalid={errors.title ? true : undefined}
        className="w-full resize-none overflow-hidden bg-transparent text-3xl leading-tight font-black tracking-tight outline-none [field-sizing:content] placeholder:text-muted-foreground/60 sm:text-4xl"
        data-testid="title-input"
      />
      {errors.title ? (
        <p className="text-sm text-destructive" data-testid="field-error">
          {errors.title}
        </p>
      ) : null}
      <div hidden={mode !== "write"} className="min-w-0">
        <RichEditor
          locale={locale}
          initial={page.markdown}
          initialDoc={page.document}
          initialHtml={page.html}
          onChange={onEditorChange}
          handle={setHandle}
          labelledBy={titleId}
          onPartFailed={partFailed}
        />
      </div>
      {mode === "source" ? (
        <textarea
          value={source}
          onChange={(event) => setSource(event.target.value)}
          onKeyDown={typeZwnjOnShortcut}
          aria-label={t("editor.source.label")}
          dir={dirOf(locale)}
          lang={locale}
          spellCheck={false}
          // Each line in its own direction (a Persian line right to left, a code line left to right); the fields'
          // text size (16 px on a phone, so focusing does not zoom the page).
          className={cn(inputClass, "min-h-[60vh] font-mono leading-7 [unicode-bidi:plaintext]")}
          data-testid="source-editor"
        />
      ) : null}
      {mode === "preview" ? (
        <preview.Part
          locale={locale}
          markdown={markdown}
          title={fields.title}
          fallback={<PartPending inline />}
          onFailed={() => {
            setMode("write");
            partFailed();
          }}
        />
      ) : null}
      <p className="text-xs text-muted-foreground tabular-nums" data-testid="word-count">
        {t("editor.length", {
          words: formatNumber(words, uiLocale),
          minutes: formatNumber(readingMinutes(words), uiLocale),
        })}
      </p>
      {mode === "write" ? <Outline markdown={current.markdown} /> : null}
    </div>
  );

  return (
    <section className="grid grid-cols-1 gap-4" data-testid="editor-screen" data-locale={locale}>
      <header className="flex flex-wrap items-start justify-between gap-3" data-focus-hide>
        <div className="grid min-w-0 gap-1">
          <p className="text-sm text-muted-foreground">
            {t("editor.title")} · {t(`editor.language.${locale}`)}
            {page.exists && !page.published ? ` · ${t("editor.notPublished")}` : ""}
          </p>
          <h1 className="truncate text-2xl font-black tracking-tight" data-testid="editor-heading">
            <bdi>{heading}</bdi>
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {data.viewUrl ? (
            <Link
              to={data.viewUrl}
              className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm hover:bg-accent"
            >
              <Icon name="external-link" className="size-4" />
              {t("editor.viewPage")}
            </Link>
          ) : null}
          {data.other ? (
            <Link
              to={data.other.url}
              className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm hover:bg-accent"
              data-testid="other-language"
            >
              <Icon name="languages" className="size-4" />
              {data.other.exists
                ? t(`editor.language.${data.other.locale}`)
                : t("editor.translate.action", { language: t(`editor.language.${data.other.locale}`) })}
            </Link>
          ) : null}
        </div>
      </header>

      {found ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm dark:border-amber-800 dark:bg-amber-950/40"
          data-testid="draft-banner"
        >
          <p>
            {t("editor.draft.found", {
              time: formatDate(found.savedAt, uiLocale, {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: undefined,
              }),
            })}
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void restore(found)} data-testid="draft-restore">
              {t("editor.draft.restore")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                removeDraft(key);
                setFound(null);
              }}
            >
              {t("editor.draft.discard")}
            </Button>
          </div>
        </div>
      ) : null}

      {alert ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
          data-testid="editor-alert"
        >
          <Icon name="triangle-alert" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <p>{alert}</p>
        </div>
      ) : null}

      <div
        className="sticky top-14 z-20 -mx-1 [html[data-focus-writing]_&]:top-0 flex h-12 items-center gap-1.5 border-b bg-background/95 px-1 backdrop-blur supports-[backdrop-filter]:bg-background/80"
        data-testid="editor-bar"
      >
        <div role="tablist" aria-label={t("editor.mode.label")} className="flex rounded-md bg-muted p-0.5">
          {(["write", "source", "preview"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={mode === name}
              onClick={() => void switchTo(name)}
              {...(name === "preview" ? previewIntent : name === "source" ? sourceIntent : {})}
              className={cn(
                "h-8 rounded px-2.5 text-sm transition-colors sm:px-3",
                mode === name ? "bg-background font-semibold shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
              data-testid={`mode-${name}`}
            >
              {t(`editor.mode.${name}`)}
            </button>
          ))}
        </div>
        <p
          className={cn("ms-auto flex items-center gap-1.5 text-sm", state.tone)}
          data-testid="editor-state"
          aria-live="polite"
          title={state.label}
        >
          <Icon name={state.icon} className="size-4" />
          {/* On a phone the mark alone, its words for screen readers: the state is always in view. */}
          <span className="sr-only sm:not-sr-only">{state.label}</span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={focus}
          // A phone's bar has no room for it; the phone's screen is the text already.
          className="max-sm:hidden"
          onClick={() => setFocus((was) => !was)}
          title={t("editor.focusHint")}
          data-testid="focus-mode"
        >
          <Icon name={focus ? "eye" : "eye-off"} />
          <span className="sr-only sm:not-sr-only">{t("editor.focus")}</span>
        </Button>
        {page.exists ? (
          <Button
            ref={historyButton}
            variant="ghost"
            size={null}
            className="h-8 px-3 text-sm max-sm:hidden"
            aria-haspopup="dialog"
            aria-expanded={historyOpen ?? false}
            onClick={() => {
              setHistoryFrom("bar");
              setHistoryOpen(true);
            }}
            {...historyIntent}
            data-testid="history-open"
          >
            <Icon name="history" />
            {t("editor.history.open")}
          </Button>
        ) : null}
        <Button
          ref={settingsButton}
          variant="ghost"
          // A phone's bar has the icon alone, closer to its neighbours.
          size={null}
          className="h-8 px-2 text-sm sm:px-3"
          aria-haspopup="dialog"
          aria-expanded={settingsOpen ?? false}
          onClick={() => setSettingsOpen(true)}
          {...settingsIntent}
          data-testid="settings-open"
        >
          <Icon name="settings" />
          <span className="sr-only sm:not-sr-only">{t("editor.settings.open")}</span>
        </Button>
        <Button size="sm" onClick={() => void save()} loading={saving} {...saveIntent} data-testid="save">
          <Icon name="save" />
          {saving ? t("editor.saving") : t("editor.save")}
        </Button>
      </div>

      {data.original ? (
        <div className="grid gap-6 xl:grid-cols-2">
          {writing}
          <aside
            className="min-w-0 rounded-lg border bg-muted/30 p-4 xl:sticky xl:top-[7.5rem] xl:max-h-[calc(100dvh-9rem)] xl:overflow-y-auto"
            aria-label={t("editor.translate.source", { language: t(`editor.language.${data.original.locale}`) })}
            data-testid="translation-source"
          >
            <p className="text-xs font-medium text-muted-foreground">
              {t("editor.translate.source", { language: t(`editor.language.${data.original.locale}`) })}
            </p>
            <div dir={dirOf(data.original.locale)} lang={data.original.locale}>
              <h2 className="mt-2 text-xl font-bold">{data.original.title}</h2>
              <div className="prose mt-4 text-[0.95rem]" dangerouslySetInnerHTML={{ __html: data.original.html }} />
            </div>
          </aside>
        </div>
      ) : (
        <div className="mx-auto w-full max-w-3xl">{writing}</div>
      )}

      {settingsOpen === undefined ? null : (
        <postSettings.Part
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          data={data}
          fields={fields}
          update={update}
          path={path}
          setPath={(value) => {
            setPath(value);
            setPathTouched(true);
          }}
          message={message}
          setMessage={setMessage}
          errors={errors}
          onPartFailed={partFailed}
          onDelete={page.exists ? () => setConfirmDelete(true) : undefined}
          onHistory={
            page.exists
              ? () => {
                  setSettingsOpen(false);
                  setHistoryFrom("settings");
                  setHistoryOpen(true);
                }
              : undefined
          }
          opener={settingsButton}
          fallback={<PartPending />}
          retryKey={settingsOpen}
          onFailed={() => {
            setSettingsOpen(undefined);
            partFailed();
          }}
        />
      )}

      {historyOpen === undefined ? null : (
        <pageHistory.Part
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          locale={locale}
          path={page.path}
          title={saved.fields.title}
          baseHash={baseHash}
          dirty={dirty}
          prepare={loadMarkdownCodec}
          onRestored={restored}
          opener={historyFrom === "bar" ? historyButton : settingsButton}
          fallback={<PartPending />}
          retryKey={historyOpen}
          onFailed={() => {
            setHistoryOpen(undefined);
            partFailed();
          }}
        />
      )}

      {confirmDelete ? (
        <confirmDialogOnUse.Part
          fallback={<PartPending />}
          onFailed={() => {
            setConfirmDelete(false);
            partFailed();
          }}
          title={t("editor.delete.named", { title: page.fields.title })}
          description={t("editor.delete.description")}
          confirmLabel={t("editor.delete.confirm")}
          onConfirm={() => save("delete")}
          onClose={() => setConfirmDelete(false)}
          testId="delete-dialog"
          confirmTestId="delete-confirm"
        />
      ) : null}

      {leaveDialog}
    </section>
  );
}

/** Markdown without its fenced code blocks: a page's reading time counts its prose. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, "");
}
