import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from "react";

const items = "button:not([disabled]), select:not([disabled])";

/**
 * A toolbar as one Tab stop (the ARIA toolbar pattern): Tab enters it at the control last used (the first at
 * first), the arrow keys along the reading direction move between its controls (ArrowLeft goes forward in a
 * right-to-left toolbar), Home and End go to the ends. Controls added later (a table's tools) join the same stop.
 * `ref` is the toolbar's element; the toolbar gets the returned key handler.
 */
export function useRovingFocus<T extends HTMLElement>(ref: RefObject<T | null>): (event: KeyboardEvent<T>) => void {
  const current = useRef<HTMLElement | null>(null);
  const place = useRef(0);

  // Controls not shown (a phone's toolbar leaves some to its "more" menu) are passed over.
  const all = useCallback(() => [...(ref.current?.querySelectorAll<HTMLElement>(items) ?? [])], [ref]);
  const controls = useCallback(() => all().filter((control) => control.getClientRects().length > 0), [all]);

  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar) return;
    // Which controls are shown takes layout, which the page's first render should not pay for: until the toolbar is
    // first focused, it is the Tab stop itself and passes focus on to the first control shown.
    let engaged = false;
    // The attribute is compared, not the `tabIndex` property: a button made anew has no attribute and reads as 0
    // already, and left so it would be a stop that nothing in the page says is one.
    const set = (control: HTMLElement, tabIndex: 0 | -1) => {
      if (control.getAttribute("tabindex") !== String(tabIndex)) control.tabIndex = tabIndex;
    };
    // Exactly one control can be reached with Tab, also when controls come and go or are made anew (a tooltip's
    // code arriving wraps its button again, without the toolbar rendering).
    const sync = () => {
      if (!engaged) {
        for (const control of all()) set(control, -1);
        return;
      }
      const list = controls();
      // A control made anew (a tooltip's code wrapping it) keeps the stop at its place; else the first holds it.
      if (!current.current || !list.includes(current.current)) current.current = list[place.current] ?? list[0] ?? null;
      place.current = Math.max(0, list.indexOf(current.current!));
      for (const control of all()) set(control, control === current.current ? 0 : -1);
    };
    toolbar.tabIndex = 0;
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(toolbar, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
    const onFocus = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!engaged) {
        engaged = true;
        toolbar.removeAttribute("tabindex");
      }
      if (target === toolbar) {
        sync();
        current.current?.focus();
        return;
      }
      if (!controls().includes(target)) return;
      current.current = target;
      sync();
    };
    toolbar.addEventListener("focusin", onFocus);
    // A control shown or hidden by the screen's width changes which one holds the stop.
    window.addEventListener("resize", sync);
    return () => {
      observer.disconnect();
      toolbar.removeEventListener("focusin", onFocus);
      window.removeEventListener("resize", sync);
    };
  }, [ref, all, controls]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<T>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const list = controls();
      const at = list.indexOf(event.target as HTMLElement);
      if (at < 0 || list.length === 0) return;
      const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
      const forward = rtl ? "ArrowLeft" : "ArrowRight";
      const back = rtl ? "ArrowRight" : "ArrowLeft";
      let next: number;
      if (event.key === forward) next = (at + 1) % list.length;
      else if (event.key === back) next = (at - 1 + list.length) % list.length;
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = list.length - 1;
      else return;
      event.preventDefault();
      list[next]!.focus();
    },
    [controls],
  );

  return onKeyDown;
}
