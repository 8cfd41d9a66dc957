import { cloneElement, useCallback, useEffect, useId, useState, type ComponentType, type ReactElement } from "react";
import { flushSync } from "react-dom";

/** Tooltips open after 700 ms; moving to another within 300 ms of closing one opens it at once. */
export const tooltipDelays = { open: 700, skip: 300 } as const;

type RadixTooltipType = ComponentType<{ content: string; children: ReactElement }>;

// Tooltips cost nothing until the visitor first points at or focuses one; then every tooltip upgrades.
let RadixTooltip: RadixTooltipType | null = null;
let loading = false;
const listeners = new Set<() => void>();
function load() {
  if (loading) return;
  loading = true;
  import("./radix-tooltip").then(
    (module) => {
      RadixTooltip = module.default;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline for a moment: the buttons keep working without tooltips; the next pointing tries again.
      loading = false;
    },
  );
}

type Handler = (e: unknown) => void;
type TriggerProps = {
  "data-tooltip"?: string;
  onPointerEnter?: Handler;
  onPointerLeave?: Handler;
  onFocus?: Handler;
  onBlur?: Handler;
};

/**
 * Wraps one focusable element (which must carry its own aria-label) with a tooltip.
 *
 * Upgrading to the Radix tooltip replaces the element, so it only happens while the element is neither focused
 * nor pressed (`:active`): a press in progress would lose its click, and focus would drop to the page. The
 * decision is made in the task that loads the code or ends the interaction, and the swap is rendered at once in
 * that same task (`flushSync`), so no input event can slip in between.
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  // Mounted once the code is in (on a later page): Radix from the start. The code only loads on an interaction,
  // so the server and hydration always render the plain element.
  const [upgraded, setUpgraded] = useState(() => RadixTooltip !== null);
  // The element is found by its mark when an upgrade is decided, not kept in state: set from a ref as it mounted,
  // that rendered every tooltip (a toolbar's twenty) a second time.
  const id = useId();
  const upgradeIfIdle = useCallback(() => {
    const element = document.querySelector(`[data-tooltip="${CSS.escape(id)}"]`);
    const busy = element && (element === document.activeElement || element.matches(":active"));
    if (RadixTooltip && !busy) flushSync(() => setUpgraded(true));
  }, [id]);
  useEffect(() => {
    if (upgraded) return;
    listeners.add(upgradeIfIdle);
    return () => void listeners.delete(upgradeIfIdle);
  }, [upgraded, upgradeIfIdle]);

  const own = children.props;
  const trigger = cloneElement(children, {
    "data-tooltip": id,
    onPointerEnter: (e) => {
      load();
      own.onPointerEnter?.(e);
    },
    onFocus: (e) => {
      load();
      own.onFocus?.(e);
    },
    onPointerLeave: (e) => {
      upgradeIfIdle();
      own.onPointerLeave?.(e);
    },
    onBlur: (e) => {
      upgradeIfIdle();
      own.onBlur?.(e);
    },
  });
  if (!upgraded || !RadixTooltip) return trigger;
  return <RadixTooltip content={content}>{trigger}</RadixTooltip>;
}
