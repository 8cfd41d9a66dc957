import { lazy, Suspense, useEffect, useRef } from "react";
import { useToasts, toast } from "./store";
import type { ToastInput } from "./types";

// Radix Toast is loaded with the first toast, so pages that never show one never download it.
const RadixToaster = lazy(() => import("./radix-toaster"));

/** Mounts the toast viewport when there is something to show; shows a toast sent by the server. */
export function Toaster({ label, closeLabel, flash }: { label: string; closeLabel: string; flash: ToastInput | null }) {
  const items = useToasts();
  const shown = useRef<ToastInput | null>(null);
  useEffect(() => {
    if (flash && shown.current !== flash) {
      shown.current = flash;
      toast(flash);
    }
  }, [flash]);
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster items={items} label={label} closeLabel={closeLabel} />
    </Suspense>
  );
}
