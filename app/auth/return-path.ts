/** A path on this site to come back to (`redirectTo`, `returnTo`): never "//elsewhere" or a full URL. */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
