// @vitest-environment jsdom
/**
 * Undo loads when the document first changes (app/editor/ui/undo-on-use.ts): what the writer typed before it
 * arrived stays exactly as typed, a Ctrl+Z pressed meanwhile waits for it, undo and redo act on what changes after,
 * and the client build's stand-in for the history's `closeHistory` (vite.config.ts) marks a transaction as it does.
 */
import { Editor } from "@tiptap/core";
import { closeHistory } from "@tiptap/pm/history";
import { EditorState } from "@tiptap/pm/state";
import { afterEach, describe, expect, test } from "vitest";
import { contentExtensions } from "~/editor/markdown/extensions";
import { markdownToDoc } from "~/editor/markdown/manager";
import { HeldKeys } from "~/editor/ui/held-keys";
import { UndoOnUse } from "~/editor/ui/undo-on-use";
import { HISTORY_CLOSED } from "~/editor/ui/history-closed";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function makeEditor(markdown: string): Editor {
  const editor = new Editor({
    element: document.body.appendChild(document.createElement("div")),
    extensions: contentExtensions({ extra: [UndoOnUse, HeldKeys] }),
    content: markdownToDoc(markdown),
  });
  editors.push(editor);
  return editor;
}

const text = (editor: Editor) => editor.state.doc.textContent;
const arrived = (editor: Editor) =>
  expect
    .poll(() => Boolean((editor.storage as unknown as Record<string, { history: unknown }>).undoRedo?.history), {
      timeout: 10_000,
    })
    .toBe(true);

describe("undo on use", () => {
  test("the client build closes the history as ProseMirror's history does", () => {
    const state = EditorState.create({ doc: makeEditor("a").state.doc });
    expect(closeHistory(state.tr).getMeta(HISTORY_CLOSED)).toBe(true);
  });

  test("what is typed before the history arrives stays as typed; what changes after is undone and redone", async () => {
    const editor = makeEditor("First line.\n\nSecond line.");
    expect(editor.can().undo()).toBe(false);
    // Typed at the end of the first paragraph, in three changes, before the history is there.
    let at = "First line.".length + 1;
    for (const piece of [" One", " two", " three"]) {
      editor.commands.insertContentAt(at, piece);
      at += piece.length;
    }
    const typed = text(editor);
    expect(typed).toBe("First line. One two threeSecond line.");
    const selection = editor.state.selection.toJSON();
    await arrived(editor);
    // The document and its selection as they were: its arrival changes nothing.
    expect(text(editor)).toBe(typed);
    expect(editor.state.selection.toJSON()).toEqual(selection);
    expect(editor.commands.undo()).toBe(false);
    expect(text(editor)).toBe(typed);
    // A change after it arrived is undone and redone.
    editor.commands.insertContentAt(1, "X");
    expect(editor.commands.undo()).toBe(true);
    expect(text(editor)).toBe(typed);
    expect(editor.commands.redo()).toBe(true);
    expect(text(editor)).toBe(`X${typed}`);
  });

  test("Ctrl+Z pressed before the history arrives waits for it, and takes nothing typed before away", async () => {
    const editor = makeEditor("Kept text.");
    editor.commands.insertContentAt(1, "Typed ");
    const key = new KeyboardEvent("keydown", { key: "z", ctrlKey: true, bubbles: true, cancelable: true });
    const taken = editor.view.someProp("handleKeyDown", (handle) => handle(editor.view, key));
    expect(taken).toBe(true);
    await arrived(editor);
    expect(text(editor)).toBe("Typed Kept text.");
  });

  test("on a Persian keyboard layout Ctrl+Z (which types «ظ») undoes, and Ctrl+Shift+Z redoes", async () => {
    const editor = makeEditor("Kept text.");
    editor.commands.insertContentAt(1, "Typed ");
    await arrived(editor);
    editor.commands.insertContentAt(1, "More ");
    const press = (shiftKey: boolean) =>
      editor.view.someProp("handleKeyDown", (handle) =>
        handle(
          editor.view,
          new KeyboardEvent("keydown", { key: "ظ", code: "KeyZ", ctrlKey: true, shiftKey, cancelable: true }),
        ),
      );
    expect(press(false)).toBe(true);
    expect(text(editor)).toBe("Typed Kept text.");
    expect(press(true)).toBe(true);
    expect(text(editor)).toBe("More Typed Kept text.");
  });
});
