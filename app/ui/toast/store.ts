import { useSyncExternalStore } from "react";
import type { ToastInput } from "./types";

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** At most this many toasts are kept; a new one drops the oldest. */
export const maxToasts = 5;
/** A closed toast stays mounted this long so its exit animation can run. */
export const removeDelay = 200;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, effects, event handlers). Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([...items, { ...input, id, open: true }].slice(-maxToasts));
  return id;
}

export function dismissToast(id: number): void {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(items.filter((item) => item.id !== id)), removeDelay);
}

/** Code outside React (inline scripts, other windows) can raise a toast with this DOM event. */
export const toastEventName = "daftar:toast";

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
