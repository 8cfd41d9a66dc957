/**
 * Images in the editor show only from addresses an image may come from: this site, http(s), and the browser's own
 * data and blob addresses. Any other scheme (`javascript:`, `vbscript:`) stays in the document, so the file is
 * written back as it was, but never reaches the editor's DOM; the site's renderer drops it from the page.
 */
import { mergeAttributes } from "@tiptap/core";
import Image from "@tiptap/extension-image";

/** Whether `src` may be an `<img>`'s address in the editor (browsers ignore tabs, newlines and controls in it). */
export function isSafeImageAddress(src: unknown): src is string {
  if (typeof src !== "string") return false;
  // eslint-disable-next-line no-control-regex -- the characters a browser drops from an address
  const address = src.replace(/[\u0000-\u0020\u007f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase();
  if (scheme === undefined) return address !== "";
  return (
    scheme === "http" ||
    scheme === "https" ||
    scheme === "blob" ||
    (scheme === "data" && /^data:image\//i.test(address))
  );
}

export const SafeImage = Image.extend({
  renderHTML({ HTMLAttributes }) {
    const { src, ...rest } = HTMLAttributes as { src?: unknown };
    return [
      "img",
      mergeAttributes(this.options.HTMLAttributes, rest, isSafeImageAddress(src) ? { src } : { "data-blocked": "" }),
    ];
  },
});
