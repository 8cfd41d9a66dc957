import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/** The loading bar's constants: how long it runs, how often it moves, its height and when it hides. */
export const loadingBar = { duration: 2000, throttle: 200, height: 3, hideDelay: 500, resetDelay: 400 } as const;

/**
 * A thin bar at the top while a navigation is under way. It appears only when navigation takes longer than
 * the throttle, creeps towards the end over `duration`, completes when the page arrives, then fades and resets.
 */
export function LoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const clear = () => timers.current.splice(0).forEach((t) => clearTimeout(t));
    clear();
    if (busy) {
      let tick: ReturnType<typeof setInterval> | undefined;
      const start = setTimeout(() => {
        setVisible(true);
        setProgress(0);
        const step = 10_000 / loadingBar.duration; // percent per 100 ms
        tick = setInterval(() => setProgress((p) => Math.min(90, p + step * (1 - p / 100))), 100);
      }, loadingBar.throttle);
      timers.current.push(start);
      return () => {
        clearTimeout(start);
        if (tick) clearInterval(tick);
      };
    }
    timers.current.push(
      setTimeout(() => setProgress((p) => (p > 0 ? 100 : p)), 0),
      setTimeout(() => {
        setVisible(false);
        timers.current.push(setTimeout(() => setProgress(0), loadingBar.resetDelay));
      }, loadingBar.hideDelay),
    );
    return clear;
  }, [busy]);

  return (
    <div
      aria-hidden
      data-testid="loading-bar"
      data-visible={visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-[200] origin-[0_0] bg-primary transition-[transform,opacity] duration-200 rtl:origin-[100%_0]"
      style={{
        height: loadingBar.height,
        opacity: visible ? 1 : 0,
        transform: `scaleX(${progress / 100})`,
      }}
    />
  );
}
