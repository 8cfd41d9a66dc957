/**
 * Autolinking (./autolink.ts, with linkify) loads when the first address-like text is typed ("example.c",
 * "https:/", "name@h") or pasted. An address becomes a link when a space or a new line follows it: one typed
 * before the code is there waits for it with the keys typed after it (./held-keys.ts), and a paste holding an
 * address waits for it too, so every address is linked as it would have been with the code there from the start.
 */
import { Extension, type Editor } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { memoiseLoad } from "~/lib/memoise-load";
import { heldPaste, holdInput, replayingHeldKeys, type HeldInput } from "./held-keys";

const code = memoiseLoad(() => import("./autolink"));

/** A letter or digit, then a dot, colon or at sign, then a letter, digit or slash: an address begins. */
const ADDRESS_LIKE = /[\p{L}\p{N}_-][.:@][\p{L}\p{N}/]/u;
const SPACE = /\s/u;

/** The word before the caret, in its text block. */
function wordBeforeCaret(view: EditorView): string {
  const { $from } = view.state.selection;
  const before = $from.parent.textBetween(Math.max(0, $from.parentOffset - 256), $from.parentOffset, "\n", "\n");
  return before.split(/\s/u).pop() ?? "";
}

export const AutolinkOnUse = Extension.create<{ onFailed: () => void }>({
  name: "autolinkOnUse",
  addOptions: () => ({ onFailed: () => undefined }),
  addProseMirrorPlugins() {
    const { editor, options } = this;
    // `failed`: the code could not be downloaded (the browser keeps that so until a reload); typing no longer asks.
    const state: { added: boolean; failed: boolean; arriving?: Promise<void> } = { added: false, failed: false };
    const load = (): Promise<void> =>
      (state.arriving ??= code.get().then(
        (module) => {
          module.addAutolink(editor as Editor);
          state.added = true;
        },
        (error: unknown) => {
          state.arriving = undefined;
          state.failed = true;
          options.onFailed();
          throw error;
        },
      ));
    /** Holds `input` until the code is there when it would link an address. */
    const hold = (view: EditorView, input: HeldInput) => {
      holdInput(
        view,
        load().catch(() => undefined),
        input,
      );
      return true;
    };
    const waiting = () => !state.added && state.arriving !== undefined;
    return [
      new Plugin({
        props: {
          handleKeyDown(view, event) {
            const ends = event.key === "Enter" || (event.key.length === 1 && SPACE.test(event.key));
            if (!waiting() || !ends || view.composing || !ADDRESS_LIKE.test(wordBeforeCaret(view))) return false;
            return hold(view, { key: event });
          },
          handleTextInput(view, _from, _to, text) {
            if (!waiting() || view.composing || !SPACE.test(text) || !ADDRESS_LIKE.test(wordBeforeCaret(view)))
              return false;
            return hold(view, { text });
          },
          handlePaste(view, event) {
            // A paste acted on after the code failed to come is pasted as it is.
            if (state.added || replayingHeldKeys()) return false;
            if (!ADDRESS_LIKE.test(event.clipboardData?.getData("text/plain") ?? "")) return false;
            return hold(view, heldPaste(event));
          },
        },
        view: () => ({
          update(view, previous) {
            if (state.added || state.failed || state.arriving || view.state.doc.eq(previous.doc)) return;
            if (ADDRESS_LIKE.test(wordBeforeCaret(view))) void load().catch(() => undefined);
          },
        }),
      }),
    ];
  },
});
