import { cloneElement, lazy, Suspense, useSyncExternalStore, type ReactElement } from "react";

/** SPEC §9: tooltips open after 700 ms; moving to another within 300 ms of closing one opens it at once. */
export const tooltipDelays = { open: 700, skip: 300 } as const;

const RadixTooltip = lazy(() => import("./radix-tooltip"));

// Tooltips cost nothing until the visitor first points at or focuses one; then every tooltip upgrades.
let loaded = false;
const listeners = new Set<() => void>();
function load() {
  if (loaded) return;
  void import("./radix-tooltip").then(() => {
    loaded = true;
    for (const listener of listeners) listener();
  });
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type TriggerProps = { onPointerEnter?: (e: unknown) => void; onFocus?: (e: unknown) => void };

/** Wraps one focusable element (which must carry its own aria-label) with a tooltip. */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const ready = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
  if (!ready) {
    return cloneElement(children, {
      onPointerEnter: (e) => {
        load();
        children.props.onPointerEnter?.(e);
      },
      onFocus: (e) => {
        load();
        children.props.onFocus?.(e);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <RadixTooltip content={content}>{children}</RadixTooltip>
    </Suspense>
  );
}
