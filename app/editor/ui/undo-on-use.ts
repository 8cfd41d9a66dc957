/**
 * Undo and redo (ProseMirror's history, ./undo-history.ts) load when the document first changes: nothing can be
 * undone before. What changes while they download is remembered and becomes the history's first step when they
 * arrive; Ctrl+Z (or ⌘Z, Ctrl+Y, ...) pressed meanwhile waits for them with the keys typed after it
 * (./held-keys.ts), so it undoes what it would have. The commands (`undo`, `redo`) are there from the start: they
 * do nothing until the history is.
 */
import { Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { Transform } from "@tiptap/pm/transform";
import { memoiseLoad } from "~/lib/memoise-load";
import { holdInput } from "./held-keys";
import type * as UndoHistory from "./undo-history";

declare module "@tiptap/core" {
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

export const UndoOnUse = Extension.create<{ onFailed: () => void }, { history: typeof UndoHistory | null }>({
  name: "undoRedo",
  addOptions: () => ({ onFailed: () => undefined }),
  addStorage: () => ({ history: null }),
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
    // The changes made since the editor was made, until the history arrives; `arriving` while it downloads.
    let before: Transform | null = null;
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
            module.addHistory(
              (plugin) => editor.registerPlugin(plugin),
              () => editor.state,
              (tr) => editor.view.dispatch(tr),
              before ?? new Transform(editor.state.doc),
            );
            before = null;
          };
          catchUp();
        },
        (error: unknown) => {
          arriving = null;
          before = null;
          failed = true;
          options.onFailed();
          throw error;
        },
      ));
    return [
      new Plugin({
        props: {
          handleKeyDown(view, event) {
            const chord = chordOf(event);
            if (!chord) return false;
            if (storage.history) return chord === "undo" ? editor.commands.undo() : editor.commands.redo();
            // Not the browser's own undo either: it would change the text behind the editor's back.
            if (failed) return true;
            // Changes are waiting for the history: the key waits with them.
            if (!arriving || !before?.steps.length) return false;
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
        // Each change before the history arrives, remembered to be made again inside it.
        appendTransaction(transactions) {
          if (storage.history || failed) return null;
          for (const tr of transactions) {
            if (!tr.docChanged) continue;
            // A change outside the history (the text replaced by a draft or the source view) starts afresh.
            if (tr.getMeta("addToHistory") === false) {
              before = null;
              continue;
            }
            before ??= new Transform(tr.before);
            for (const step of tr.steps) before.step(step);
          }
          return null;
        },
      }),
    ];
  },
});
