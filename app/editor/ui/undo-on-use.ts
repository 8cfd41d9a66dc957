/**
 * Undo and redo (ProseMirror's history, ./undo-history.ts) load when the document first changes: nothing can be
 * undone before, and what is typed while they download stays exactly as typed (taking it back and making it again
 * inside the history lost letters when other parts changed the text meanwhile). Ctrl+Z (or ⌘Z, Ctrl+Y, ...)
 * pressed meanwhile waits for them with the keys typed after it (./held-keys.ts), in order. The commands (`undo`,
 * `redo`) are there from the start: they do nothing until the history is.
 */
import { Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { memoiseLoad } from "~/lib/memoise-load";
import { holdInput } from "./held-keys";
import type * as UndoHistory from "./undo-history";

declare module "@tiptap/core" {
  interface Storage {
    undoRedo: UndoStorage;
  }
  interface Commands<ReturnType> {
    undoRedo: {
      /** Undoes the last change. */
      undo: () => ReturnType;
      /** Redoes the last change undone. */
      redo: () => ReturnType;
    };
  }
}

const code = memoiseLoad(() => import("./undo-history"));

/**
 * The letter a chord's key names: its own on a Latin layout, else (Persian, Russian: Ctrl+Z types «ظ» or «я») the
 * Latin letter at its place, as ProseMirror's keymaps read a chord.
 */
function latinKey(event: KeyboardEvent): string {
  const key = event.key.toLowerCase();
  if (/^[a-z]$/.test(key)) return key;
  return /^Key([A-Z])$/.exec(event.code)?.[1]?.toLowerCase() ?? key;
}

/** Undo's and redo's keys, as Tiptap binds them, on any keyboard layout: "undo", "redo" or null. */
function chordOf(event: KeyboardEvent): "undo" | "redo" | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = latinKey(event);
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && !event.shiftKey) return "redo";
  return null;
}

interface UndoStorage {
  history: typeof UndoHistory | null;
  /**
   * Brings the history in now, for a change made by the editor's owner that Undo must be able to take back (an
   * earlier version restored); null until the editor's plugins are made.
   */
  ready: (() => Promise<unknown>) | null;
}

export const UndoOnUse = Extension.create<{ onFailed: () => void }, UndoStorage>({
  name: "undoRedo",
  addOptions: () => ({ onFailed: () => undefined }),
  addStorage: () => ({ history: null, ready: null }),
  addCommands() {
    return {
      undo:
        () =>
        ({ state, dispatch }) =>
          this.storage.history?.undo(state, dispatch) ?? false,
      redo:
        () =>
        ({ state, dispatch }) =>
          this.storage.history?.redo(state, dispatch) ?? false,
    };
  },
  addProseMirrorPlugins() {
    const { editor, options, storage } = this;
    // `arriving` while the history downloads.
    let arriving: Promise<unknown> | null = null;
    // The code could not be downloaded (the browser keeps that so until a reload): changes are no longer remembered
    // nor is it asked again on every key, and undo's keys do nothing.
    let failed = false;
    const load = () =>
      (arriving ??= code.get().then(
        (module) => {
          if (editor.isDestroyed) return;
          const catchUp = () => {
            // Not in the middle of a composition (an input method's): its text is the browser's until it ends.
            if (editor.view.composing) {
              editor.view.dom.addEventListener("compositionend", () => setTimeout(catchUp), { once: true });
              return;
            }
            storage.history = module;
            module.addHistory((plugin) => editor.registerPlugin(plugin));
          };
          catchUp();
        },
        (error: unknown) => {
          arriving = null;
          failed = true;
          options.onFailed();
          throw error;
        },
      ));
    storage.ready = load;
    return [
      new Plugin({
        props: {
          handleKeyDown(view, event) {
            const chord = chordOf(event);
            if (!chord) return false;
            if (storage.history) return chord === "undo" ? editor.commands.undo() : editor.commands.redo();
            // Not the browser's own undo either: it would change the text behind the editor's back.
            if (failed) return true;
            // The history is on its way: the key waits for it (and then has only later changes to undo).
            if (!arriving) return false;
            holdInput(
              view,
              arriving.catch(() => undefined),
              { key: event },
            );
            return true;
          },
        },
        view: () => ({
          update(view, previous) {
            if (storage.history || failed || view.state.doc.eq(previous.doc)) return;
            void load().catch(() => undefined);
          },
        }),
      }),
    ];
  },
});
