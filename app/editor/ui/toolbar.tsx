import type { Editor } from "@tiptap/core";
import { createContext, use, useEffect, useId, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import type { Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import type { IconName } from "~/ui/icon-names";
import { Tooltip } from "~/ui/tooltip";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import { useRovingFocus } from "~/ui/use-roving-focus";
import { formatNumber } from "~/i18n/format";
import { selectedOverride } from "../block-direction";
import type { Dir } from "../direction";
import { useEditorState } from "./editor-binding";
import { useImageDialog } from "./image-dialog";
import { useLinkDialog } from "./link-dialog";
import { shortcuts } from "./shortcuts";
import { insertTable, loadTableEditing, withTableEditing } from "./tables";
import { PartPending } from "./part-pending";
import { lazyPart } from "~/ui/lazy-part";

const shortcutsSheet = lazyPart(() => import("./shortcuts-sheet"));
const moreMenu = lazyPart(() => import("./toolbar-more"));

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const unchanging = () => () => {};

/**
 * Whether the keyboard is a Mac's. The server cannot know: it writes Ctrl, and only a Mac renders again after
 * hydration (elsewhere the browser's answer is the server's, and nothing renders twice).
 */
function useMac(): boolean {
  return useSyncExternalStore(unchanging, isMac, () => false);
}

/** "Mod+Shift+S" as this keyboard writes it: "⌘⇧S" on a Mac, "Ctrl+Shift+S" elsewhere. */
export function keysLabel(keys: string, mac = isMac()): string {
  if (!mac) return keys.replace(/Mod/g, "Ctrl");
  return keys
    .replace(/Mod\+/g, "⌘")
    .replace(/Shift\+/g, "⇧")
    .replace(/Alt\+/g, "⌥")
    .replace(/Ctrl\+/g, "⌃");
}

const nothing = () => Promise.resolve();

/** True while the toolbar has no editor yet: every tool is shown, disabled. */
const Waiting = createContext(false);

/** One toolbar button: an icon with its name and keyboard shortcut in a tooltip (and for screen readers). */
export function ToolButton({
  icon,
  label,
  keys,
  active,
  disabled,
  run,
  load,
  testId,
  mirrored,
  more,
}: {
  icon: IconName;
  label: string;
  keys?: string;
  active?: boolean;
  disabled?: boolean;
  run: () => void;
  /** The code of what the button opens, downloaded as soon as the writer shows the intent to press it. */
  load?: () => Promise<unknown>;
  testId?: string;
  /** A glyph that points along the line (lists, undo): drawn mirrored in right-to-left text. */
  mirrored?: boolean;
  /** On a phone, in the toolbar's "more" menu rather than on the bar. */
  more?: boolean;
}) {
  const intent = useLoadOnIntent(load ?? nothing);
  const t = useT();
  const mac = useMac();
  const waiting = use(Waiting);
  const full = keys ? t("editor.shortcut", { label, keys: keysLabel(keys, mac) }) : label;
  return (
    <Tooltip content={full}>
      <button
        type="button"
        aria-label={full}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled || waiting}
        // Keep the editor's selection: a click on the toolbar must not take the focus from the text.
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
        {...(load ? intent : {})}
        data-testid={testId ?? `tool-${icon}`}
        data-icon={icon}
        data-label={label}
        data-more={more ? "" : undefined}
        className={cn(
          "inline-flex size-9 shrink-0 items-center justify-center rounded-md transition-colors hover:bg-accent hover:text-foreground disabled:pointer-events-none disabled:opacity-40 sm:size-8",
          active ? "bg-accent text-foreground" : "text-muted-foreground",
          more && "max-sm:hidden",
        )}
      >
        <Icon name={icon} className={cn("size-4", mirrored && "rtl:-scale-x-100")} />
      </button>
    </Tooltip>
  );
}

function Separator() {
  return <span aria-hidden className="mx-1 h-5 w-px shrink-0 bg-border max-sm:hidden" />;
}

/**
 * On a phone, the toolbar's tools that have no room on its bar (`more`), in a menu (./toolbar-more.tsx, loaded on
 * use): a button that opens it, keyboard usable.
 */
function MoreTools({ toolbar, onPartFailed }: { toolbar: RefObject<HTMLDivElement | null>; onPartFailed: () => void }) {
  const t = useT();
  // While open: the tools the bar left off, and the menu's button.
  const [open, setOpen] = useState<{ tools: HTMLButtonElement[]; anchor: HTMLButtonElement } | null>(null);
  const intent = useLoadOnIntent(moreMenu.load);
  const id = useId();
  const waiting = use(Waiting);
  const close = (back: boolean) => {
    if (back) open?.anchor.focus();
    setOpen(null);
  };
  return (
    <>
      <button
        id={`${id}-button`}
        type="button"
        aria-label={t("editor.tool.more")}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={waiting}
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          const anchor = event.currentTarget;
          const all = toolbar.current?.querySelectorAll<HTMLButtonElement>("button[data-more]") ?? [];
          setOpen((was) =>
            was ? null : { anchor, tools: [...all].filter((tool) => tool.getClientRects().length === 0) },
          );
        }}
        {...intent}
        className="ms-auto inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground disabled:pointer-events-none disabled:opacity-40 sm:hidden"
        data-testid="tool-more"
      >
        <Icon name="ellipsis" className="size-4" />
      </button>
      {open ? (
        <moreMenu.Part
          id={`${id}-menu`}
          labelledBy={`${id}-button`}
          tools={open.tools}
          anchor={open.anchor}
          onClose={close}
          fallback={<PartPending />}
          onFailed={() => {
            setOpen(null);
            onPartFailed();
          }}
        />
      ) : null}
    </>
  );
}

/** What the toolbar shows of the text at the caret, read after each transaction. */
const toolbarState = ({ editor: e }: { editor: Editor }) => ({
  // As `e.can().undo()` answers, without making a chain of every command after each transaction.
  canUndo: (e.storage.undoRedo.history?.undoDepth(e.state) ?? 0) > 0,
  canRedo: (e.storage.undoRedo.history?.redoDepth(e.state) ?? 0) > 0,
  paragraph: e.isActive("paragraph"),
  h1: e.isActive("heading", { level: 1 }),
  h2: e.isActive("heading", { level: 2 }),
  h3: e.isActive("heading", { level: 3 }),
  bold: e.isActive("bold"),
  italic: e.isActive("italic"),
  strike: e.isActive("strike"),
  code: e.isActive("code"),
  link: e.isActive("link"),
  bulletList: e.isActive("bulletList"),
  orderedList: e.isActive("orderedList"),
  taskList: e.isActive("taskList"),
  quote: e.isActive("blockquote"),
  codeBlock: e.isActive("codeBlock"),
  language: (e.getAttributes("codeBlock").language as string | null) ?? "",
  table: e.isActive("table"),
  override: selectedOverride(e.state.doc, e.state.selection.from),
});

/** The toolbar before there is an editor: nothing active, nothing to undo. */
const noEditorState: ReturnType<typeof toolbarState> = {
  canUndo: false,
  canRedo: false,
  paragraph: false,
  h1: false,
  h2: false,
  h3: false,
  bold: false,
  italic: false,
  strike: false,
  code: false,
  link: false,
  bulletList: false,
  orderedList: false,
  taskList: false,
  quote: false,
  codeBlock: false,
  language: "",
  table: false,
  override: null,
};

/**
 * The formatting toolbar, sticky above the text while it scrolls; on a phone one row of the most used tools, the
 * others in its "more" menu. It is rendered on the server, and shown from the first paint with every tool disabled
 * until there is an editor (`editor` null): the editor's arrival enables the tools rather than drawing them.
 */
export function Toolbar({
  editor,
  locale,
  onPartFailed,
}: {
  editor: Editor | null;
  locale: Locale;
  /** A part that loads on use could not be downloaded. */
  onPartFailed: () => void;
}) {
  const t = useT();
  const state = useEditorState({ editor, selector: toolbarState }) ?? noEditorState;
  const link = useLinkDialog(editor, onPartFailed);
  const image = useImageDialog(editor, onPartFailed);
  const [sheet, setSheet] = useState(false);
  // Ctrl+K or ⌘K in the text opens the link form, as its button says, and Ctrl+/ the shortcuts sheet (by the key's
  // place: any keyboard layout). Taken here, Ctrl+K is not the site search's: that leaves a key the focused part used.
  const openLink = useRef(link.open);
  useEffect(() => {
    openLink.current = link.open;
  });
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.code === "KeyK") {
        event.preventDefault();
        openLink.current();
      } else if (event.code === "Slash") {
        event.preventDefault();
        setSheet(true);
      }
    };
    dom.addEventListener("keydown", onKey);
    return () => dom.removeEventListener("keydown", onKey);
  }, [editor]);
  const toolbar = useRef<HTMLDivElement>(null);
  const onToolbarKey = useRovingFocus(toolbar);
  // The tools act only once there is an editor (until then they are disabled).
  const chain = () => editor?.chain().focus();
  // The table actions' code loads on use (./tables.ts): usually there already, since the caret is in a table.
  const table = (act: (tables: Awaited<ReturnType<typeof withTableEditing>>, editor: Editor) => unknown) => () =>
    void (editor && withTableEditing(editor).then((tables) => act(tables, editor), onPartFailed));
  const dir = (value: Dir | null) => chain()?.setBlockDirection(value).run();

  return (
    <Waiting value={editor === null}>
      <div
        ref={toolbar}
        onKeyDown={onToolbarKey}
        role="toolbar"
        aria-label={t("editor.toolbar")}
        className="sticky top-[6.5rem] z-10 [html[data-focus-writing]_&]:top-12 flex flex-wrap items-center max-sm:flex-nowrap max-sm:overflow-x-auto gap-0.5 rounded-t-lg border-b bg-background/95 px-1.5 py-1 backdrop-blur supports-[backdrop-filter]:bg-background/80"
        data-testid="editor-toolbar"
      >
        <ToolButton
          icon="undo-2"
          label={t("editor.tool.undo")}
          keys={shortcuts.undo}
          disabled={!state.canUndo}
          mirrored
          run={() => chain()?.undo().run()}
        />
        <ToolButton
          icon="redo-2"
          more
          label={t("editor.tool.redo")}
          keys={shortcuts.redo}
          disabled={!state.canRedo}
          mirrored
          run={() => chain()?.redo().run()}
        />
        <Separator />
        <ToolButton
          icon="pilcrow"
          more
          label={t("editor.tool.paragraph")}
          keys={shortcuts.paragraph}
          active={state.paragraph}
          run={() => chain()?.setParagraph().run()}
        />
        {([1, 2, 3] as const).map((level) => (
          <ToolButton
            key={level}
            icon={`heading-${level}`}
            more={level !== 2}
            label={t("editor.tool.heading", { level: formatNumber(level, locale) })}
            keys={shortcuts[`heading${level}`]}
            active={state[`h${level}`]}
            run={() => chain()?.toggleHeading({ level }).run()}
          />
        ))}
        <Separator />
        <ToolButton
          icon="bold"
          label={t("editor.tool.bold")}
          keys={shortcuts.bold}
          active={state.bold}
          run={() => chain()?.toggleBold().run()}
        />
        <ToolButton
          icon="italic"
          label={t("editor.tool.italic")}
          keys={shortcuts.italic}
          active={state.italic}
          run={() => chain()?.toggleItalic().run()}
        />
        <ToolButton
          icon="strikethrough"
          more
          label={t("editor.tool.strike")}
          keys={shortcuts.strike}
          active={state.strike}
          run={() => chain()?.toggleStrike().run()}
        />
        <ToolButton
          icon="code"
          more
          label={t("editor.tool.code")}
          keys={shortcuts.code}
          active={state.code}
          run={() => chain()?.toggleCode().run()}
        />
        <ToolButton
          icon="link"
          label={t("editor.tool.link")}
          keys={shortcuts.link}
          active={state.link}
          run={link.open}
          load={link.load}
        />
        <Separator />
        <ToolButton
          icon="list"
          label={t("editor.tool.bulletList")}
          keys={shortcuts.bulletList}
          active={state.bulletList}
          mirrored
          run={() => chain()?.toggleBulletList().run()}
        />
        <ToolButton
          icon="list-ordered"
          more
          label={t("editor.tool.orderedList")}
          keys={shortcuts.orderedList}
          active={state.orderedList}
          mirrored
          run={() => chain()?.toggleOrderedList().run()}
        />
        <ToolButton
          icon="list-todo"
          more
          label={t("editor.tool.taskList")}
          keys={shortcuts.taskList}
          active={state.taskList}
          mirrored
          run={() => chain()?.toggleTaskList().run()}
        />
        <ToolButton
          icon="quote"
          more
          label={t("editor.tool.quote")}
          keys={shortcuts.quote}
          active={state.quote}
          run={() => chain()?.toggleBlockquote().run()}
        />
        <ToolButton
          icon="square-code"
          more
          label={t("editor.tool.codeBlock")}
          keys={shortcuts.codeBlock}
          active={state.codeBlock}
          run={() => chain()?.toggleCodeBlock().run()}
        />
        <ToolButton
          icon="table"
          label={t("editor.tool.table")}
          active={state.table}
          more
          run={() => editor && insertTable(editor)}
          load={loadTableEditing}
        />
        <ToolButton icon="image" label={t("editor.tool.image")} run={image.open} load={image.load} />
        <ToolButton icon="minus" label={t("editor.tool.rule")} more run={() => chain()?.setHorizontalRule().run()} />
        <Separator />
        <DirectionPicker value={state.override} locale={locale} onChange={dir} />
        {state.codeBlock ? (
          <>
            <Separator />
            <CodeLanguage
              value={state.language}
              onChange={(language) =>
                chain()
                  ?.updateAttributes("codeBlock", { language: language || null })
                  .run()
              }
            />
          </>
        ) : null}
        {state.table ? (
          <>
            <Separator />
            <ToolButton
              icon="rows-3"
              more
              label={t("editor.tool.addRow")}
              run={table((tables, editor) => tables.addRowAfter(editor))}
            />
            <ToolButton
              icon="columns-3"
              more
              label={t("editor.tool.addColumn")}
              run={table((tables, editor) => tables.addColumnAfter(editor))}
            />
            <ToolButton
              icon="minus"
              label={t("editor.tool.deleteRow")}
              more
              testId="tool-delete-row"
              run={table((tables, editor) => tables.deleteRow(editor))}
            />
            <ToolButton
              icon="x"
              more
              label={t("editor.tool.deleteColumn")}
              testId="tool-delete-column"
              run={table((tables, editor) => tables.deleteColumn(editor))}
            />
            <ToolButton
              icon="trash-2"
              more
              label={t("editor.tool.deleteTable")}
              testId="tool-delete-table"
              run={table((tables, editor) => tables.deleteTable(editor))}
            />
          </>
        ) : null}
        <Separator />
        <ToolButton
          icon="keyboard"
          more
          label={t("editor.shortcuts.title")}
          keys={shortcuts.sheet}
          run={() => setSheet(true)}
          load={shortcutsSheet.load}
          testId="tool-shortcuts"
        />
        <MoreTools toolbar={toolbar} onPartFailed={onPartFailed} />
        {link.dialog}
        {image.dialog}
        {sheet ? (
          <shortcutsSheet.Part
            onClose={() => {
              setSheet(false);
              editor?.commands.focus();
            }}
            fallback={<PartPending />}
            onFailed={() => {
              setSheet(false);
              onPartFailed();
            }}
          />
        ) : null}
      </div>
    </Waiting>
  );
}

/** The block's direction: automatic (its letters decide, see ~/lib/text-direction), or right to left / left to right by choice. */
function DirectionPicker({
  value,
  locale,
  onChange,
}: {
  value: Dir | null;
  locale: Locale;
  onChange: (dir: Dir | null) => void;
}) {
  const t = useT();
  const options: { dir: Dir | null; icon: IconName; label: string }[] = [
    { dir: null, icon: "arrow-left-right", label: t("editor.tool.dirAuto") },
    { dir: "rtl", icon: "pilcrow-left", label: t("editor.tool.dirRtl") },
    { dir: "ltr", icon: "pilcrow-right", label: t("editor.tool.dirLtr") },
  ];
  void locale;
  return (
    <div
      role="group"
      aria-label={t("editor.tool.direction")}
      className="flex items-center max-sm:hidden"
      data-testid="direction-picker"
    >
      {options.map((option) => (
        <ToolButton
          key={option.icon}
          icon={option.icon}
          label={`${t("editor.tool.direction")}: ${option.label}`}
          active={value === option.dir}
          testId={`dir-${option.dir ?? "auto"}`}
          more
          run={() => onChange(option.dir)}
        />
      ))}
    </div>
  );
}

const LANGUAGES = ["", "bash", "css", "html", "js", "json", "jsx", "md", "python", "sql", "text", "ts", "tsx", "yaml"];

function CodeLanguage({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const [own, setOwn] = useState(value);
  const options = LANGUAGES.includes(value) ? LANGUAGES : [...LANGUAGES, value];
  return (
    <label className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
      <span className="sr-only">{t("editor.tool.codeLanguage")}</span>
      <select
        value={own === value ? value : own}
        onChange={(event) => {
          setOwn(event.target.value);
          onChange(event.target.value);
        }}
        dir="ltr"
        className="h-8 rounded-md border border-input bg-background px-2 font-mono text-xs"
        data-testid="code-language"
        aria-label={t("editor.tool.codeLanguage")}
      >
        {options.map((language) => (
          <option key={language} value={language}>
            {language || "—"}
          </option>
        ))}
      </select>
    </label>
  );
}
