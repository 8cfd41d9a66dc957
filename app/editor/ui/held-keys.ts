/**
 * Keys held while code they need downloads. When a key needs code that is not there yet (Tab in a table before the
 * tables' editing code), `holdInput` holds it and every key typed, text put in and paste made after it, and acts on
 * them in the order they came once the code has arrived (or failed to, or ten seconds went by): the text typed
 * after Tab lands in the next cell, never in the one before. Keys are acted on as the editor acts on them (its keymaps, its input rules), and
 * those the browser itself acts on (typing a letter, moving or extending the selection, deleting a character) the
 * same way the browser does. Composition (an input method, a phone's keyboard) is never held: it has no Tab.
 */
import { Extension } from "@tiptap/core";
import { Plugin, TextSelection } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";

/** A key pressed, text put in (without a key: dictation, a correction), or a paste (what the clipboard held). */
export type HeldInput = { key: KeyboardEvent } | { text: string } | { paste: { html: string; text: string } };

/** A paste to hold: what its clipboard held, to paste again through every paste handler. */
export const heldPaste = (event: ClipboardEvent): HeldInput => ({
  paste: {
    html: event.clipboardData?.getData("text/html") ?? "",
    text: event.clipboardData?.getData("text/plain") ?? "",
  },
});

const holds = new WeakMap<EditorView, HeldInput[]>();
let replaying = false;

/** Whether the keys acted on now are held ones (a key that needs code then must not start another wait). */
export const replayingHeldKeys = () => replaying;

/** The longest keys wait: a download that hangs must not keep what the writer types out of the text. */
const HOLD_LIMIT_MS = 10_000;

/**
 * Holds `first` and what is typed after it in `view` until `until` settles (at most `HOLD_LIMIT_MS`), then acts
 * on them in order.
 */
export function holdInput(view: EditorView, until: Promise<unknown>, first: HeldInput): void {
  const held = holds.get(view);
  if (held) {
    held.push(first);
    return;
  }
  holds.set(view, [first]);
  const release = () => {
    const items = holds.get(view) ?? [];
    holds.delete(view);
    if (!view.isDestroyed) replay(view, items);
  };
  const limit = new Promise((resolve) => setTimeout(resolve, HOLD_LIMIT_MS));
  Promise.race([until, limit]).then(release, release);
}

function replay(view: EditorView, items: HeldInput[]): void {
  replaying = true;
  try {
    for (const [index, item] of items.entries()) {
      actOn(view, item);
      // A key acted on began another wait: the rest waits with it, in order.
      const again = holds.get(view);
      if (again) {
        again.push(...items.slice(index + 1));
        return;
      }
    }
  } finally {
    replaying = false;
  }
}

function actOn(view: EditorView, item: HeldInput): void {
  if ("paste" in item) {
    if (item.paste.html) view.pasteHTML(item.paste.html);
    else view.pasteText(item.paste.text);
  } else if ("text" in item) {
    insertText(view, item.text);
  } else if (!view.someProp("handleKeyDown", (handle) => handle(view, item.key))) {
    browserDefault(view, item.key);
  }
}

function insertText(view: EditorView, text: string): void {
  const { from, to } = view.state.selection;
  const insert = () => view.state.tr.insertText(text, from, to);
  if (!view.someProp("handleTextInput", (handle) => handle(view, from, to, text, insert))) view.dispatch(insert());
}

type Direction = "forward" | "backward" | "left" | "right";
type Granularity = "character" | "word" | "line" | "lineboundary" | "documentboundary";

/**
 * What the browser does with a key no handler of the editor took: the selection's move, [direction, granularity],
 * modifiers included (Ctrl+←/→ a word, Alt on a Mac; ⌘←/→ the line's ends; Ctrl+Home/End and ⌘↑/↓ the text's).
 */
function moveOf(event: KeyboardEvent): [Direction, Granularity] | undefined {
  const { ctrlKey: ctrl, metaKey: meta, altKey: alt } = event;
  switch (event.key) {
    case "ArrowLeft":
    case "ArrowRight":
      return [event.key === "ArrowLeft" ? "left" : "right", meta ? "lineboundary" : ctrl || alt ? "word" : "character"];
    case "ArrowUp":
    case "ArrowDown":
      return [event.key === "ArrowUp" ? "backward" : "forward", meta ? "documentboundary" : "line"];
    case "Home":
    case "End":
      return [event.key === "Home" ? "backward" : "forward", ctrl || meta ? "documentboundary" : "lineboundary"];
    case "Backspace":
    case "Delete":
      return [event.key === "Backspace" ? "backward" : "forward", ctrl || meta || alt ? "word" : "character"];
    default:
      return undefined;
  }
}

function browserDefault(view: EditorView, event: KeyboardEvent): void {
  const chord = event.ctrlKey || event.metaKey;
  // A character (AltGr is Ctrl+Alt on some systems).
  if ([...event.key].length === 1 && (!chord || (event.ctrlKey && event.altKey))) return insertText(view, event.key);
  const move = moveOf(event);
  if (!move) return;
  const deletes = event.key === "Backspace" || event.key === "Delete";
  if (deletes && !view.state.selection.empty) {
    view.dispatch(view.state.tr.deleteSelection().scrollIntoView());
    return;
  }
  // The browser's own move, on the document's selection as the editor last set it, read back into the editor.
  const selection = view.dom.ownerDocument.getSelection();
  if (!selection?.anchorNode || !selection.focusNode || !view.dom.contains(selection.anchorNode)) return;
  selection.modify(deletes || event.shiftKey ? "extend" : "move", move[0], move[1]);
  const { doc } = view.state;
  const anchor = view.posAtDOM(selection.anchorNode, selection.anchorOffset);
  const head = view.posAtDOM(selection.focusNode, selection.focusOffset);
  const tr = view.state.tr.setSelection(TextSelection.between(doc.resolve(anchor), doc.resolve(head)));
  view.dispatch((deletes ? tr.deleteSelection() : tr).scrollIntoView());
}

/** Clipboard chords go to the browser, which makes them copy, cut and paste events (a paste is held as one). */
const clipboardChord = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && ["c", "x", "v", "insert"].includes(event.key.toLowerCase());

const modifierOnly = (event: KeyboardEvent) =>
  ["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"].includes(event.key);

/** While keys are held, takes every key, text and paste into the queue, before any other handler sees them. */
export const HeldKeys = Extension.create({
  name: "heldKeys",
  priority: 10_000,
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleKeyDown(view, event) {
            const held = holds.get(view);
            if (!held || view.composing || event.isComposing || modifierOnly(event) || clipboardChord(event))
              return false;
            held.push({ key: event });
            return true;
          },
          handleTextInput(view, _from, _to, text) {
            const held = holds.get(view);
            if (!held || view.composing) return false;
            held.push({ text });
            return true;
          },
          handlePaste(view, event) {
            const held = holds.get(view);
            if (!held) return false;
            held.push(heldPaste(event));
            return true;
          },
        },
      }),
    ];
  },
});
