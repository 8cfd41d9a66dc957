import type { Editor } from "@tiptap/react";
import type { Transaction } from "@tiptap/pm/state";
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import type { MessageKey, TFunction } from "~/i18n/translate";
import { useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import type { IconName } from "~/ui/icon-names";
import { slashQueryAt, type SlashQuery } from "../slash-query";

type Range = { from: number; to: number };

type Findable =
  | "paragraph"
  | "heading"
  | "bulletList"
  | "orderedList"
  | "taskList"
  | "quote"
  | "codeBlock"
  | "table"
  | "image"
  | "rule";

interface Block {
  id: string;
  /** Its search words' key: `editor.slash.find.<find>`. */
  find: Findable;
  label: MessageKey;
  level?: number;
  /** An icon, or a short text in its place (a heading's level). */
  icon: IconName | { text: string };
  /** Whether the schema holds it. */
  held?: (editor: Editor) => boolean;
  run: (editor: Editor, range: Range, actions: EditorActions) => void;
}

/**
 * What the menu does through the editor's own code, given by it: a module imported both by the editor and by this
 * part would be split into a chunk of its own, which the first load would pay for.
 */
export interface EditorActions {
  insertTable: (editor: Editor) => void;
  /** Text as the menu compares it (~/i18n/fold.ts's `foldSlugText`). */
  fold: (text: string) => string;
  /** Opens the image dialog. */
  openImage: () => unknown;
}

const change = (editor: Editor, range: Range) => editor.chain().focus().deleteRange(range);

/** The blocks the menu offers, in its order. */
const BLOCKS: Block[] = [
  {
    id: "paragraph",
    find: "paragraph",
    label: "editor.tool.paragraph",
    icon: "pilcrow",
    run: (e, r) => change(e, r).setParagraph().run(),
  },
  ...([2, 3, 4] as const).map((level): Block => ({
    id: `heading${level}`,
    find: "heading",
    label: "editor.tool.heading",
    level,
    icon: { text: `H${level}` },
    run: (e, r) => change(e, r).setHeading({ level }).run(),
  })),
  {
    id: "bulletList",
    find: "bulletList",
    label: "editor.tool.bulletList",
    icon: "list",
    run: (e, r) => change(e, r).toggleBulletList().run(),
  },
  {
    id: "orderedList",
    find: "orderedList",
    label: "editor.tool.orderedList",
    icon: "list-ordered",
    run: (e, r) => change(e, r).toggleOrderedList().run(),
  },
  {
    id: "taskList",
    find: "taskList",
    label: "editor.tool.taskList",
    icon: "list-todo",
    held: (e) => Boolean(e.schema.nodes.taskList),
    run: (e, r) => change(e, r).toggleTaskList().run(),
  },
  {
    id: "quote",
    find: "quote",
    label: "editor.tool.quote",
    icon: "quote",
    run: (e, r) => change(e, r).toggleBlockquote().run(),
  },
  {
    id: "codeBlock",
    find: "codeBlock",
    label: "editor.tool.codeBlock",
    icon: "square-code",
    run: (e, r) => change(e, r).setCodeBlock().run(),
  },
  {
    id: "table",
    find: "table",
    label: "editor.tool.table",
    icon: "table",
    run: (e, r, actions) => {
      change(e, r).run();
      actions.insertTable(e);
    },
  },
  {
    id: "image",
    find: "image",
    label: "editor.tool.image",
    icon: "image",
    run: (e, r, actions) => {
      change(e, r).run();
      actions.openImage();
    },
  },
  {
    id: "rule",
    find: "rule",
    label: "editor.tool.rule",
    icon: "minus",
    run: (e, r) => change(e, r).setHorizontalRule().run(),
  },
];

/**
 * The blocks found by `query`: each is found by the words its catalog entry lists (`editor.slash.find.<id>`, its
 * names in both languages, whichever the interface speaks), those a word of which begins with the query first.
 */
function blocksFor(editor: Editor, t: TFunction, actions: EditorActions, query: string): Block[] {
  // Folded as page addresses are (digits, Arabic keyboards' letters, case), without spaces or ZWNJ.
  const fold = (text: string) => actions.fold(text).replace(/[\s\u200C]/g, "");
  const wanted = fold(query);
  const ranked: { block: Block; rank: number }[] = [];
  for (const block of BLOCKS) {
    if (block.held && !block.held(editor)) continue;
    const words = t(`editor.slash.find.${block.find}`, block.level ? { level: block.level } : undefined)
      .split("|")
      .map(fold);
    const rank = words.some((word) => word.startsWith(wanted))
      ? 0
      : words.some((word) => word.includes(wanted))
        ? 1
        : -1;
    if (rank >= 0) ranked.push({ block, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank).map(({ block }) => block);
}

/** Where the menu stands: under the caret (over it when there is no room below), on the block's start side. */
function placeAt(editor: Editor, from: number): CSSProperties {
  const { view } = editor;
  const caret = view.coordsAtPos(from);
  const at = view.domAtPos(from).node;
  const element = at instanceof Element ? at : at.parentElement;
  const rtl = element ? getComputedStyle(element).direction === "rtl" : false;
  const width = Math.min(288, document.documentElement.clientWidth - 16);
  const right = document.documentElement.clientWidth - 8 - width;
  const left = Math.max(8, Math.min(rtl ? caret.right - width : caret.left, right));
  const height = window.visualViewport ? window.visualViewport.height + window.visualViewport.offsetTop : innerHeight;
  const below = height - caret.bottom - 12;
  const above = caret.top - 12;
  if (below >= 200 || below >= above) return { left, width, top: caret.bottom + 4, maxHeight: Math.max(below, 120) };
  return { left, width, bottom: innerHeight - caret.top + 4, maxHeight: above };
}

/**
 * The slash menu: `/` typed at the start of a paragraph or after a space offers the blocks to insert, filtered by
 * what is typed after it in either language (`/سر`, `/head`). The arrow keys, Enter and a click choose, Escape
 * closes it and leaves the text as typed. A listbox the text controls (`aria-activedescendant`). Loaded on use:
 * the editor mounts it when a `/` is first typed (./rich-editor.tsx).
 */
export default function SlashMenu({ editor, actions }: { editor: Editor; actions: EditorActions }) {
  const t = useT();
  const listId = useId();
  const [match, setMatch] = useState<SlashQuery | null>(() => slashQueryAt(editor.state));
  const [pick, setPick] = useState({ query: "", index: 0 });
  const [, setFrame] = useState(0);
  // The `/` the writer closed the menu on (Escape, or leaving the text), followed through changes: it stays closed.
  const dismissed = useRef<number | null>(null);
  const current = useRef(match);

  useEffect(() => {
    const read = () => {
      const next = slashQueryAt(editor.state);
      if (!next) dismissed.current = null;
      current.current = next && next.from !== dismissed.current ? next : null;
      setMatch(current.current);
    };
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (dismissed.current !== null) dismissed.current = transaction.mapping.map(dismissed.current);
      read();
    };
    const onBlur = () => {
      if (!current.current) return;
      dismissed.current = current.current.from;
      current.current = null;
      setMatch(null);
    };
    editor.on("transaction", onTransaction);
    editor.on("blur", onBlur);
    // What was typed between this menu's first render and now (a slow phone renders it late) changed the text
    // before anything here listened: read the text once more.
    read();
    return () => {
      editor.off("transaction", onTransaction);
      editor.off("blur", onBlur);
    };
  }, [editor, actions]);

  const query = match?.query ?? "";
  const blocks = useMemo(() => (match ? blocksFor(editor, t, actions, query) : []), [editor, t, actions, match, query]);
  const active = pick.query === query ? Math.min(pick.index, blocks.length - 1) : 0;
  const optionId = (block: Block) => `${listId}-${block.id}`;

  const choose = (block: Block) => {
    if (!match) return;
    current.current = null;
    setMatch(null);
    block.run(editor, match, actions);
  };

  // The keys go to the menu before the editor while it is open.
  const keys = useRef<(event: KeyboardEvent) => boolean>(() => false);
  useEffect(() => {
    keys.current = (event) => {
      // `current` is the menu as the last change left it (the render may not have caught up).
      if (!match || !current.current || event.isComposing || event.altKey || event.ctrlKey || event.metaKey)
        return false;
      if (event.key === "Escape") {
        dismissed.current = match.from;
        current.current = null;
        setMatch(null);
        // Escape here closes the menu only (not focus mode).
        event.stopPropagation();
        return true;
      }
      if (blocks.length === 0) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const by = event.key === "ArrowDown" ? 1 : -1;
        setPick({ query, index: (active + by + blocks.length) % blocks.length });
        return true;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        choose(blocks[active]!);
        return true;
      }
      return false;
    };
  });
  useEffect(() => {
    // The editor's slash keys (../slash-query.ts) hand its keys to the menu first.
    editor.commands.setSlashKeys((event) => keys.current(event));
    return () => void (editor.isDestroyed || editor.commands.setSlashKeys(null));
  }, [editor]);

  // The text is the combobox's input: it names the list it controls and the option chosen.
  const open = match !== null && blocks.length > 0;
  const activeId = open ? optionId(blocks[active]!) : null;
  useEffect(() => {
    const dom = editor.view.dom;
    if (!activeId) return;
    dom.setAttribute("aria-controls", listId);
    dom.setAttribute("aria-autocomplete", "list");
    dom.setAttribute("aria-activedescendant", activeId);
    document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
    return () => {
      dom.removeAttribute("aria-controls");
      dom.removeAttribute("aria-autocomplete");
      dom.removeAttribute("aria-activedescendant");
    };
  }, [editor, listId, activeId]);

  // Placed again when the page scrolls or the screen (or a phone's keyboard) changes size.
  useEffect(() => {
    if (!match) return;
    const again = () => setFrame((frame) => frame + 1);
    window.addEventListener("scroll", again, true);
    window.addEventListener("resize", again);
    window.visualViewport?.addEventListener("resize", again);
    return () => {
      window.removeEventListener("scroll", again, true);
      window.removeEventListener("resize", again);
      window.visualViewport?.removeEventListener("resize", again);
    };
  }, [match]);

  if (!match) return null;
  return createPortal(
    <div
      style={placeAt(editor, match.from)}
      className="fixed z-50 flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-lg"
      data-testid="slash-menu"
    >
      {open ? (
        <ul
          role="listbox"
          id={listId}
          aria-label={t("editor.slash.label")}
          // A list that may scroll is focusable; the focus stays in the text, whose arrow keys scroll it (Tab
          // chooses while the menu is open, so the list is never a Tab stop).
          tabIndex={0}
          onMouseDown={(event) => event.preventDefault()}
          className="min-h-0 overflow-y-auto p-1"
        >
          {blocks.map((block, index) => (
            <li
              key={block.id}
              id={optionId(block)}
              role="option"
              aria-selected={index === active}
              // The text keeps the focus (and the caret its place) while an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(block)}
              onPointerMove={() => index !== active && setPick({ query, index })}
              className={cn(
                "flex min-h-9 cursor-pointer items-center gap-3 rounded-md px-2 py-1 text-sm",
                index === active && "bg-accent text-accent-foreground",
              )}
              data-testid={`slash-${block.id}`}
            >
              <span
                aria-hidden
                // A heading's level is drawn by the style sheet: the option's text is its name alone.
                data-text={typeof block.icon === "string" ? undefined : block.icon.text}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-md border bg-background text-xs font-bold before:content-[attr(data-text)]"
                dir="ltr"
              >
                {typeof block.icon === "string" ? <Icon name={block.icon} className="size-4" /> : null}
              </span>
              <span>{t(block.label, block.level ? { level: block.level } : undefined)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-3 py-2 text-sm text-muted-foreground">{t("editor.slash.none")}</p>
      )}
      <p role="status" className="sr-only">
        {t("editor.slash.count", { count: blocks.length })}
      </p>
    </div>,
    document.body,
  );
}
