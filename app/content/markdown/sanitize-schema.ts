import { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";

/**
 * GitHub's schema (what hast-util-sanitize ships), plus a few harmless inline
 * and figure tags, and with the contents of dangerous elements dropped rather
 * than unwrapped (otherwise `<style>` would leave its CSS as visible text).
 * Ids and names get the `user-content-` prefix against DOM clobbering.
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    "abbr",
    "bdi",
    "bdo",
    "cite",
    "dfn",
    "figcaption",
    "figure",
    "mark",
    "small",
    "time",
    "u",
  ],
  strip: [
    "script",
    "style",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "noscript",
    "noembed",
    "noframes",
    "template",
    "textarea",
    "title",
    "xmp",
    "plaintext",
    "svg",
    "math",
    "select",
    "button",
  ],
};

/** The prefix the sanitiser puts before ids and names. */
export const CLOBBER_PREFIX = sanitizeSchema.clobberPrefix ?? "user-content-";
