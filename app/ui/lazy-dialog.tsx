import type { ComponentType } from "react";
import { lazyPart } from "./lazy-part";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog (or drawer) whose code loads on use. Give `load` to `useLoadOnIntent` on the button that opens it, and
 * render `Mount` with an `open` state that stays undefined until the first opening: nothing is rendered or
 * downloaded before that, and afterwards the dialog stays mounted, so it keeps its state and closes with its
 * animation. If its code cannot be downloaded, it stays closed (see lazyPart).
 */
export function lazyDialog(load: () => Promise<{ default: ComponentType<DialogProps> }>) {
  const { Part } = lazyPart(load);
  function Mount({ open, onOpenChange }: { open: boolean | undefined; onOpenChange: (open: boolean) => void }) {
    if (open === undefined) return null;
    return <Part open={open} onOpenChange={onOpenChange} retryKey={open} onFailed={() => onOpenChange(false)} />;
  }
  return { load, Mount };
}
