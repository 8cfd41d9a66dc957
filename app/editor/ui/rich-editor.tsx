import type { JSONContent } from "@tiptap/core";
import { useEffect, useMemo, useRef, useState, type PointerEventHandler, type ReactNode } from "react";
import type { Locale } from "~/i18n/locales";
import { dirOf } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { BlockDirection } from "../block-direction";
import { BlockMoves, moveBlock } from "../block-moves";
import { slashBeforeCaret, SlashKeys } from "../slash-keys";
import { foldSlugText } from "~/i18n/fold";
import { withBlockContents } from "../markdown/block-content";
import { contentExtensions } from "../markdown/extensions";
import { cn } from "~/ui/cn";
import { lazyPart } from "~/ui/lazy-part";
import { insertTable, TableKeys, useTableEditing } from "./tables";
import { AutolinkOnUse } from "./autolink-on-use";
import { CursorsOnUse } from "./cursors-on-use";
import { UndoOnUse } from "./undo-on-use";
import { EmptyHint } from "./empty-hint";
import { HeldKeys } from "./held-keys";
import { Toolbar } from "./toolbar";
import { EditorContent, useEditor } from "./editor-binding";
import { TextSelection, type Transaction } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { IMAGE_FILE_EVENT } from "./image-dialog";
import editorStyles from "./editor.css?inline";

const editorClass = "prose editor-content min-h-[55vh] max-w-none px-4 py-5 outline-none sm:px-6";

const selectionMenu = lazyPart(() => import("./selection-menu"));
// The slash menu, when a `/` is first typed where it opens; the drag handle, when a mouse first moves over the text.
const slashMenu = lazyPart(() => import("./slash-menu"));
const blockHandle = lazyPart(() => import("./block-handle"));
// HTML pasted from a web page or a word processor is cleaned first (./clean-paste.ts), on the first such paste.
const loadCleanPaste = () => import("./clean-paste");

/**
 * The markdown reader and writer (micromark with GFM, mdast's writer), loaded on use: the editor is made from the
 * document the server read, and the writer is needed once the document changes (its markdown is written when the
 * changes are checked or saved, never per keystroke), the reader when markdown is put into the editor (the source
 * view, a draft). Give it to `useLoadOnIntent` on what needs it.
 */
export const loadMarkdownCodec = () => import("../markdown/manager");

function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}

/**
 * Pastes HTML from outside the editor cleaned (./clean-paste.ts); true when it does so (the editor does nothing
 * more). HTML copied from this editor (ProseMirror marks its own) and plain text are the editor's to paste.
 */
function pasteCleaned(view: EditorView, event: ClipboardEvent, failed: () => void): boolean {
  const html = event.clipboardData?.getData("text/html");
  if (!html || html.includes("data-pm-slice")) return false;
  loadCleanPaste().then(
    ({ cleanHtml }) => void (view.isDestroyed || view.pasteHTML(cleanHtml(html))),
    () => failed(),
  );
  return true;
}

/** Hands the first image among `files` to the image dialog; true when there was one (the editor does nothing). */
function sendImageFile(dom: HTMLElement, files: FileList | null | undefined): boolean {
  const file = files ? [...files].find(isImageFile) : undefined;
  if (!file) return false;
  dom.dispatchEvent(new CustomEvent(IMAGE_FILE_EVENT, { detail: file }));
  return true;
}

export interface RichEditorHandle {
  /**
   * The document as markdown (the same writer the round-trip tests prove): every block the writer did not change
   * as it was written, the others written anew. Fails when the writer's code cannot be downloaded.
   */
  markdown(): Promise<string>;
  /** Replaces the document (after the markdown source was edited, or a draft restored); fails as `markdown`. */
  load(markdown: string): Promise<void>;
  /** Replaces the text as one change Undo takes back (`load` starts afresh: a draft, the source view's text). */
  replace(markdown: string): Promise<void>;
  focus(): void;
}

/**
 * The WYSIWYG editor: Tiptap with the content schema, each block in its own direction, ZWNJ on Shift+Space,
 * a toolbar above and a bubble menu on selected text. `onChange` is called after each change (the caller reads
 * the markdown when it needs it: reading it on every keystroke would cost a long page its typing speed).
 */
interface RichEditorProps {
  /** The page's language: its direction is the direction of blocks without letters. */
  locale: Locale;
  initial: string;
  /** `initial` read into the editor's document on the server; null when the browser must read it. */
  initialDoc: JSONContent | null;
  /** `initial` as the site renders it: shown in the editor's place until the editor is ready. */
  initialHtml: string;
  onChange: () => void;
  handle: (handle: RichEditorHandle | null) => void;
  labelledBy?: string;
  /** A part that loads on use (a dialog) could not be downloaded: the caller says so. */
  onPartFailed: () => void;
}

export function RichEditor(props: RichEditorProps) {
  // The server read the document: the editor is made from it once the page is in the browser. Without it (the
  // rendering threads were busy) the reader is loaded and the text read in a task of its own after hydration.
  const { initial, initialDoc, onPartFailed } = props;
  const [readDoc, setReadDoc] = useState<JSONContent | null>(null);
  useEffect(() => {
    if (initialDoc) return;
    let current = true;
    loadMarkdownCodec().then(
      ({ markdownToDoc }) => current && setReadDoc(markdownToDoc(initial)),
      () => current && onPartFailed(),
    );
    return () => void (current = false);
  }, [initial, initialDoc, onPartFailed]);
  // The server's document comes without each block's content as read (half the page's data): put back here, in
  // the browser only (the server makes no editor, and this is work in proportion to the page).
  const shipped = useMemo(
    () => initialDoc && (typeof document === "undefined" ? initialDoc : withBlockContents(initialDoc)),
    [initialDoc],
  );
  const firstDoc = shipped ?? readDoc;
  if (firstDoc) return <LiveEditor {...props} firstDoc={firstDoc} />;
  return (
    <EditorFrame>
      <Toolbar editor={null} locale={props.locale} onPartFailed={onPartFailed} />
      <PendingText locale={props.locale} initialHtml={props.initialHtml} />
    </EditorFrame>
  );
}

/** The editor's frame (the drag handle is placed in it). */
function EditorFrame({ children, onPointerMove }: { children: ReactNode; onPointerMove?: PointerEventHandler }) {
  return (
    <div
      className="relative min-w-0 rounded-lg border bg-background"
      onPointerMove={onPointerMove}
      data-testid="rich-editor-frame"
    >
      {/* The editor's own rules (under 1 KB gzip) in the document's head, not a stylesheet of their own: that
          held the first paint for a round trip, on one of the six connections the page's code arrives on. */}
      <style href="editor-styles" precedence="default">
        {editorStyles}
      </style>
      {children}
    </div>
  );
}

/**
 * The server's rendering of the text, in the editor's place until the editor is ready: laid out as the editor lays
 * out its text (`editor-pending`), and an empty document with the editor's hint, so the editor taking its place
 * changes nothing on the screen.
 */
function PendingText({ locale, initialHtml }: { locale: Locale; initialHtml: string }) {
  const t = useT();
  const place = {
    className: cn(editorClass, "editor-pending"),
    dir: dirOf(locale),
    lang: locale,
    "aria-busy": true,
    "data-testid": "rich-editor-pending",
  };
  return initialHtml.trim() ? (
    <div {...place} dangerouslySetInnerHTML={{ __html: initialHtml }} />
  ) : (
    <div {...place}>
      <p className="is-empty is-editor-empty" data-placeholder={t("editor.placeholder")} />
    </div>
  );
}

/** The editor, made once its first document is read (`firstDoc`); until then the server's rendering stands in. */
function LiveEditor({
  locale,
  initialHtml,
  onChange,
  handle,
  labelledBy,
  onPartFailed,
  initial,
  firstDoc,
}: RichEditorProps & { firstDoc: JSONContent }) {
  const t = useT();
  const change = useRef(onChange);
  const failed = useRef(onPartFailed);
  useEffect(() => {
    change.current = onChange;
    failed.current = onPartFailed;
  });
  // The markdown the document was read from, while nothing has changed it (it is written back as it was, the
  // bytes the lossless round trip gives); null once it changed, and the writer writes it.
  const unchanged = useRef<string | null>(initial);
  // The server renders no editor (it has no DOM): the page hydrates, then the editor is made (./editor-binding.tsx).
  const editor = useEditor({
    extensions: contentExtensions({
      extra: [
        BlockDirection.configure({ pageDir: dirOf(locale) }),
        EmptyHint.configure({ text: t("editor.placeholder") }),
        CursorsOnUse.configure({ onFailed: onPartFailed }),
        UndoOnUse.configure({ onFailed: onPartFailed }),
        TableKeys.configure({ onFailed: onPartFailed }),
        AutolinkOnUse.configure({ onFailed: onPartFailed }),
        // Keys typed while code they need downloads (Tab in a table, a space after an address) wait for it.
        HeldKeys,
        BlockMoves,
        SlashKeys,
      ],
    }),
    content: firstDoc,
    editorProps: {
      // An image file pasted or dropped in is uploaded through the image dialog (which asks for its description).
      // Other HTML is cleaned of its styles and word processors' markup first.
      handlePaste: (view, event) =>
        sendImageFile(view.dom, event.clipboardData?.files) || pasteCleaned(view, event, () => failed.current()),
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = event.dataTransfer?.files;
        if (!files || ![...files].some(isImageFile)) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, at.pos)));
        return sendImageFile(view.dom, files);
      },
      attributes: {
        class: editorClass,
        dir: dirOf(locale),
        lang: locale,
        spellcheck: "true",
        role: "textbox",
        "aria-multiline": "true",
        ...(labelledBy ? { "aria-labelledby": labelledBy } : {}),
        "data-testid": "rich-editor",
      },
    },
    onUpdate: () => {
      if (unchanged.current !== null) {
        unchanged.current = null;
        // The writer is needed from now on: it arrives while the writer types (nothing waits for it).
        void loadMarkdownCodec().catch(() => undefined);
      }
      change.current();
    },
  });

  useTableEditing(editor);

  // The menu beside selected text is needed once text is first selected.
  const [selected, setSelected] = useState(false);
  useEffect(() => {
    if (!editor || selected) return;
    const onSelection = () => {
      if (!editor.state.selection.empty) setSelected(true);
    };
    editor.on("selectionUpdate", onSelection);
    return () => void editor.off("selectionUpdate", onSelection);
  }, [editor, selected]);

  // The slash menu is needed once a `/` is typed where it opens; it acts through the editor's own code.
  const [slash, setSlash] = useState(false);
  const slashActions = useMemo(
    () => ({
      insertTable,
      fold: foldSlugText,
      // The toolbar's image dialog, with no file: the writer picks one or gives an address.
      openImage: () => editor?.view.dom.dispatchEvent(new CustomEvent(IMAGE_FILE_EVENT)),
    }),
    [editor],
  );
  useEffect(() => {
    if (!editor || slash) return;
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (transaction.docChanged && slashBeforeCaret(editor.state)) setSlash(true);
    };
    editor.on("transaction", onTransaction);
    return () => void editor.off("transaction", onTransaction);
  }, [editor, slash]);

  // The drag handle is needed once a mouse moves over the text (a finger moves blocks with the keys or not at all).
  const [mouse, setMouse] = useState(false);
  const onPointerMove = mouse
    ? undefined
    : (event: Parameters<PointerEventHandler>[0]) => void (event.pointerType !== "touch" && setMouse(true));

  useEffect(() => {
    if (!editor) return;
    handle({
      markdown: async () => {
        if (unchanged.current !== null) return unchanged.current;
        const { docToMarkdown } = await loadMarkdownCodec();
        // Read after the code arrived: every change made while it downloaded is in the document written.
        return docToMarkdown(editor.getJSON());
      },
      load: async (markdown) => {
        const { markdownToDoc } = await loadMarkdownCodec();
        editor.commands.setContent(markdownToDoc(markdown), { emitUpdate: false });
        unchanged.current = markdown;
      },
      replace: async (markdown) => {
        // Without the history's code (offline) the text is replaced all the same; Undo cannot take it back.
        const [{ markdownToDoc }] = await Promise.all([
          loadMarkdownCodec(),
          editor.storage.undoRedo.ready?.().catch(() => undefined),
        ]);
        editor.commands.setContent(markdownToDoc(markdown), { emitUpdate: false });
        unchanged.current = markdown;
      },
      focus: () => editor.commands.focus(),
    });
    return () => handle(null);
  }, [editor, handle]);

  return (
    <EditorFrame onPointerMove={onPointerMove}>
      <Toolbar editor={editor} locale={locale} onPartFailed={onPartFailed} />
      {editor ? null : <PendingText locale={locale} initialHtml={initialHtml} />}
      {editor && selected ? (
        <selectionMenu.Part editor={editor} onPartFailed={onPartFailed} onFailed={onPartFailed} />
      ) : null}
      {editor && slash ? (
        <slashMenu.Part
          editor={editor}
          actions={slashActions}
          onFailed={() => {
            setSlash(false);
            onPartFailed();
          }}
        />
      ) : null}
      {editor && mouse ? (
        // Loaded on a mouse's move, not on a writer's act: if it cannot be downloaded there is no handle, and no
        // alert (Alt+Shift+↑/↓ still move blocks).
        <blockHandle.Part
          editor={editor}
          dir={dirOf(locale)}
          move={(from, to) => {
            const tr = moveBlock(editor.state, from, to);
            if (tr) editor.view.dispatch(tr);
          }}
          onFailed={() => undefined}
        />
      ) : null}
      <EditorContent editor={editor} />
    </EditorFrame>
  );
}
