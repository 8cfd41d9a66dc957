/**
 * The image node: inline, as in markdown (an image may sit in a sentence or inside a link), with the attributes,
 * HTML, `setImage` command and `![alt](src "title")` typing rule of `@tiptap/extension-image` with `inline: true`
 * (without its resizing node view, which the editor does not offer).
 *
 * Images in the editor show only from addresses an image may come from: this site, http(s), and the browser's own
 * data and blob addresses. Any other scheme (`javascript:`, `vbscript:`) stays in the document, so the file is
 * written back as it was, but never reaches the editor's DOM; the site's renderer drops it from the page.
 */
import { mergeAttributes, Node, nodeInputRule } from "@tiptap/core";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    image: {
      /** Puts an image in place of the selection. */
      setImage: (options: { src: string; alt?: string; title?: string; width?: number; height?: number }) => ReturnType;
    };
  }
}

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

export const SafeImage = Node.create({
  name: "image",
  inline: true,
  group: "inline",
  draggable: true,
  addAttributes: () => ({
    src: { default: null },
    alt: { default: null },
    title: { default: null },
    width: { default: null },
    height: { default: null },
  }),
  // Not an image with a data address in pasted HTML (a picture pasted as a file goes to the image dialog).
  parseHTML: () => [{ tag: 'img[src]:not([src^="data:"])' }],
  renderHTML({ HTMLAttributes }) {
    const { src, ...rest } = HTMLAttributes as { src?: unknown };
    return ["img", mergeAttributes(rest, isSafeImageAddress(src) ? { src } : { "data-blocked": "" })];
  },
  addCommands() {
    return {
      setImage:
        (options) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: options }),
    };
  },
  addInputRules() {
    return [
      nodeInputRule({
        find: /(?:^|\s)(!\[(.+|:?)]\((\S+)(?:(?:\s+)["'](\S+)["'])?\))$/,
        type: this.type,
        getAttributes: ([, , alt, src, title]) => ({ src, alt, title }),
      }),
    ];
  },
});
