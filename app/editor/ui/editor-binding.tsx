/**
 * The editor in React: made once the page is in the browser, shown in the page, and its state read by the
 * toolbar. What `@tiptap/react` does for this editor (no React node views, never made on the server), without its
 * instance manager, React node view portals and deep comparison (about 6 KB gzip of the editor's first load).
 * The menu beside selected text (loaded on use) still uses `@tiptap/react`'s bubble menu.
 */
import { Editor, type EditorOptions } from "@tiptap/core";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";

/**
 * An editor made from `options` after the first render in the browser (null until then, and until its view is
 * made), destroyed on unmount. It is made in two tasks, each shorter than the one they were: its schema, extensions
 * and document first, its view and the view's elements in the next task, so a tap in between is answered.
 */
export function useEditor(options: Partial<EditorOptions>): Editor | null {
  const first = useRef(options);
  const [editor, setEditor] = useState<Editor | null>(null);
  useEffect(() => {
    const made = new Editor({ ...first.current, element: null });
    const mounting = setTimeout(() => {
      made.mount(document.createElement("div"));
      setEditor(made);
    }, 0);
    return () => {
      clearTimeout(mounting);
      made.destroy();
      setEditor(null);
    };
  }, []);
  return editor;
}

/** Where the editor's text shows: its editable element is moved in here. */
export function EditorContent({ editor }: { editor: Editor | null }) {
  const place = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = place.current;
    if (!editor || editor.isDestroyed || !element) return;
    const dom = editor.view.dom;
    element.append(dom);
    return () => dom.remove();
  }, [editor]);
  return <div ref={place} />;
}

/**
 * A flat record of the editor's state, read again after each transaction; a change of any value renders again.
 * Null while there is no editor (on the server, and until it is made).
 */
export function useEditorState<T extends Record<string, unknown>>({
  editor,
  selector,
}: {
  editor: Editor | null;
  selector: (context: { editor: Editor }) => T;
}): T | null {
  const last = useRef<T | null>(null);
  const read = () => {
    if (!editor) return null;
    const next = selector({ editor });
    const previous = last.current;
    if (previous && Object.keys(next).every((key) => Object.is(next[key], previous[key]))) return previous;
    last.current = next;
    return next;
  };
  const subscribe = useCallback(
    (changed: () => void) => {
      editor?.on("transaction", changed);
      return () => void editor?.off("transaction", changed);
    },
    [editor],
  );
  return useSyncExternalStore(subscribe, read, read);
}
