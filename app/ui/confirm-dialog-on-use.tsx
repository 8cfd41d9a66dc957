import type { ComponentProps } from "react";
import type { ConfirmDialog } from "./confirm-dialog";
import { lazyPart } from "./lazy-part";

/**
 * The ConfirmDialog (./confirm-dialog.tsx) for a screen that shows it only after an action (deleting, leaving
 * unsaved work) and otherwise needs no dialog code: render `Part` with the dialog's props, `fallback` and
 * `onFailed` (its code could not be downloaded: say so, and change nothing).
 */
export const confirmDialogOnUse = lazyPart<ComponentProps<typeof ConfirmDialog>>(() =>
  import("./confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);
