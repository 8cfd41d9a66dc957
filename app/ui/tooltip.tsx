import { cloneElement, lazy, Suspense, useState, useSyncExternalStore, type ReactElement } from "react";

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

type Handler = (e: unknown) => void;
type TriggerProps = { onPointerEnter?: Handler; onPointerLeave?: Handler; onFocus?: Handler; onBlur?: Handler };

/**
 * Wraps one focusable element (which must carry its own aria-label) with a tooltip.
 *
 * Upgrading to the Radix tooltip replaces the element, so it never happens while the pointer is on it or it
 * has focus: a click in progress would be lost. A trigger upgrades when the interaction ends (or at once if
 * the code is already there and nobody is on it).
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const ready = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
  const [active, setActive] = useState(false);
  const [upgraded, setUpgraded] = useState(false);
  const props = children.props;
  const start = (e: unknown, own?: Handler) => {
    load();
    setUpgraded((u) => u || loaded);
    setActive(true);
    own?.(e);
  };
  const end = (e: unknown, own?: Handler) => {
    setUpgraded((u) => u || loaded);
    setActive(false);
    own?.(e);
  };
  const trigger = cloneElement(children, {
    onPointerEnter: (e) => start(e, props.onPointerEnter),
    onFocus: (e) => start(e, props.onFocus),
    onPointerLeave: (e) => end(e, props.onPointerLeave),
    onBlur: (e) => end(e, props.onBlur),
  });
  if (!(upgraded || (ready && !active))) return trigger;
  return (
    <Suspense fallback={trigger}>
      <RadixTooltip content={content}>{trigger}</RadixTooltip>
    </Suspense>
  );
}
