import { useMemo } from "react";

/** Event props for the element that opens something whose code loads on use. */
export interface IntentProps {
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/**
 * Starts downloading code that loads on use as soon as the visitor shows the intent to use it: the pointer
 * enters the element that opens it, the element takes the focus, or a finger touches it. By the click the code
 * is usually there. `load` is the module's own import function (`() => import("./part")`), the one its
 * `lazy()` uses; a failed download is left for the next intent or for the opening itself to try again.
 */
export function useLoadOnIntent(load: () => Promise<unknown>): IntentProps {
  return useMemo(() => {
    const start = () => void load().catch(() => undefined);
    return { onPointerEnter: start, onFocus: start, onTouchStart: start };
  }, [load]);
}
