import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (the falsy ones left out). Classes joined must not set the same thing (two heights, two text
 * colours): which one applies would depend on the stylesheet's order, not on the order here. A primitive's size
 * or colour is chosen with its variants, or left out (`size={null}`) for the caller's own; the classes test
 * (tests/unit/class-names.test.ts) finds any that conflict.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
