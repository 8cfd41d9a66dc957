export type ToastVariant = "default" | "success" | "warning" | "error";

/** What a caller gives to show a toast. Texts are already translated. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; defaults to 5000. */
  duration?: number;
}
