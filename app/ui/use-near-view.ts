import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Whether a part of the page is near enough to the reader to load (within 400 px of the viewport), for parts
 * whose code loads only as the reader approaches them. `now` opens it at once (an address pointing inside it).
 * `setNear(false)` closes it again, for a load that failed and is offered again.
 */
export function useNearView<T extends Element>(
  now?: () => boolean,
): { ref: RefObject<T | null>; near: boolean; setNear: (near: boolean) => void } {
  const ref = useRef<T>(null);
  // Asked once, when the part is first shown.
  const atOnce = useRef(now);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (atOnce.current?.()) {
      queueMicrotask(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, near, setNear };
}
