/**
 * The link mark, light: the same name, attributes, HTML and commands as `@tiptap/extension-link`'s, without its
 * typing and pasting behaviour (autolinking typed and pasted addresses), which needs linkify and loads on use in
 * the editor (../ui/autolink-on-use.ts adds that extension's own plugins to the editor when an address is typed).
 */
import { Mark, mergeAttributes } from "@tiptap/core";

/** The schemes a link's address may name in the editor (those of `@tiptap/extension-link`). */
const SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"];
// A scheme above, or no scheme: a path, a fragment, or a word not followed by a colon.
const ALLOWED = new RegExp(`^(?:(?:${SCHEMES.join("|")}):|[^a-z]|[a-z0-9+.\\-]+(?:[^a-z+.\\-:]|$))`, "i");
const SPACE = /[\0- \u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

/** Whether `href` may be a link's address in the editor (`javascript:` and other schemes may not). */
function isAllowedHref(href: unknown): boolean {
  return !href || ALLOWED.test(String(href).replace(SPACE, ""));
}

interface LinkAttributes {
  href: string;
  target?: string | null;
  rel?: string | null;
  class?: string | null;
  title?: string | null;
}

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    lightLink: {
      /** Links the selection to `attributes.href` (refused when its scheme is not allowed). */
      setLink: (attributes: LinkAttributes) => ReturnType;
      /** Removes the link from the selection, or from the whole link the caret is in. */
      unsetLink: () => ReturnType;
    };
  }
}

export const Link = Mark.create({
  name: "link",
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  // Typing at a link's end extends it, as with autolinking on.
  inclusive: true,
  addAttributes: () => ({
    href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute("href") },
    target: { default: "_blank" },
    rel: { default: "noopener noreferrer nofollow" },
    class: { default: null },
    title: { default: null },
  }),
  parseHTML: () => [
    { tag: "a[href]", getAttrs: (dom: HTMLElement) => (isAllowedHref(dom.getAttribute("href")) ? null : false) },
  ],
  renderHTML({ HTMLAttributes }) {
    const attributes = mergeAttributes(
      { target: "_blank", rel: "noopener noreferrer nofollow", class: null },
      HTMLAttributes,
    );
    return ["a", isAllowedHref(HTMLAttributes.href) ? attributes : { ...attributes, href: "" }, 0];
  },
  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ chain }) =>
          isAllowedHref(attributes.href) &&
          chain().setMark(this.name, attributes).setMeta("preventAutolink", true).run(),
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).setMeta("preventAutolink", true).run(),
    };
  },
});
