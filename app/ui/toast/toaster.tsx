import { lazy, Suspense, useEffect, useRef } from "react";
import { toast, toastEventName, useToasts } from "./store";
import type { ToastInput } from "./types";

// Radix Toast is loaded with the first toast, so pages that never show one never download it.
const RadixToaster = lazy(() => import("./radix-toaster"));

/** Mounts the toast viewport when there is something to show; shows a toast sent by the server. */
export function Toaster({
  label,
  viewportLabel,
  closeLabel,
  flash,
}: {
  label: string;
  viewportLabel: string;
  closeLabel: string;
  flash: ToastInput | null;
}) {
  const items = useToasts();
  const shown = useRef<ToastInput | null>(null);
  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<ToastInput>).detail;
      if (detail && typeof detail.title === "string") toast(detail);
    };
    window.addEventListener(toastEventName, onEvent);
    return () => window.removeEventListener(toastEventName, onEvent);
  }, []);
  useEffect(() => {
    if (flash && shown.current !== flash) {
      shown.current = flash;
      toast(flash);
    }
  }, [flash]);
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster items={items} label={label} viewportLabel={viewportLabel} closeLabel={closeLabel} />
    </Suspense>
  );
}
