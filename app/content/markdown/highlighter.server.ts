/**
 * Shiki syntax highlighting for rendered markdown (server only).
 *
 * One highlighter is created lazily on first use and cached for the life of
 * the process: creating it loads the Oniguruma WASM engine and the grammars
 * (a few hundred ms), highlighting afterwards is cheap.
 *
 * Output uses two themes through CSS variables (`defaultColor: false`): every
 * token carries `--shiki-light` / `--shiki-dark`, the `<pre>` carries
 * `--shiki-light-bg` / `--shiki-dark-bg`, and the site CSS picks one set
 * depending on `.dark`.
 */
import { createHighlighter, type BundledLanguage, type Highlighter } from "shiki";
import type { Element, ElementContent, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { memoiseLoad } from "~/lib/memoise-load";

/** Grammars loaded into the highlighter (their aliases — ts, sh, yml, py… — come along). */
export const HIGHLIGHT_LANGUAGES = [
  "typescript",
  "tsx",
  "javascript",
  "jsx",
  "json",
  "bash",
  "shellscript",
  "css",
  "html",
  "markdown",
  "yaml",
  "sql",
  "python",
  "go",
  "rust",
  "diff",
] as const satisfies readonly BundledLanguage[];

// github-dark-default rather than github-dark: its comments meet WCAG AA contrast on its background.
export const HIGHLIGHT_THEMES = { light: "github-light", dark: "github-dark-default" } as const;

/**
 * Bounds on tokenizing, chosen so that the same code always gets the same colours. Shiki's own default stops a
 * line after 0.5 s and colours the rest as one token, which a busy machine reaches on an ordinary line; that
 * answer would then be cached. A line longer than the length is shown uncoloured (the same every time); the time
 * bound remains only against a grammar that never ends (rendering runs off the request thread).
 */
const TOKENIZE_MAX_LINE_LENGTH = 2_000;
const TOKENIZE_TIME_LIMIT_MS = 15_000;

/** Language used for fences without a language and for unknown languages. */
export const PLAIN_LANGUAGE = "plaintext";

/** Extra aliases authors commonly write that shiki does not know itself. */
const EXTRA_ALIASES: Readonly<Record<string, string>> = {
  text: PLAIN_LANGUAGE,
  txt: PLAIN_LANGUAGE,
  plain: PLAIN_LANGUAGE,
  golang: "go",
  console: "bash",
  shell: "bash",
  jsonc: "json",
};

const highlighter = memoiseLoad(() =>
  createHighlighter({ themes: [HIGHLIGHT_THEMES.light, HIGHLIGHT_THEMES.dark], langs: [...HIGHLIGHT_LANGUAGES] }),
);

/** The process-wide highlighter; created on first call, then cached (a failure is not: the next call tries again). */
export function getHighlighter(): Promise<Highlighter> {
  return highlighter.get();
}

/**
 * Map a fence info string's language (`ts`, `Shell`, `c++`…) to a loaded
 * grammar name, or to {@link PLAIN_LANGUAGE} when it is empty or unknown.
 */
export function resolveLanguage(highlighter: Highlighter, requested: string | undefined): string {
  const lang = (requested ?? "").trim().toLowerCase();
  if (!lang) return PLAIN_LANGUAGE;
  const aliased = EXTRA_ALIASES[lang] ?? lang;
  if (aliased === PLAIN_LANGUAGE) return PLAIN_LANGUAGE;
  return highlighter.getLoadedLanguages().includes(aliased) ? aliased : PLAIN_LANGUAGE;
}

/** `data-language` value: the author's language name, reduced to a safe, short token. */
function languageLabel(requested: string | undefined, resolved: string): string {
  const cleaned = (requested ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9+#._-]/g, "")
    .slice(0, 32);
  return cleaned || resolved;
}

function requestedLanguage(code: Element): string | undefined {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return undefined;
  for (const c of classes) {
    if (typeof c === "string" && c.startsWith("language-")) return c.slice("language-".length);
  }
  return undefined;
}

/**
 * rehype plugin: replace every `<pre><code class="language-x">` (what
 * remark-rehype produces for fenced code) with shiki's highlighted `<pre>`.
 * Unknown languages are rendered as plain, escaped text with the same themed
 * wrapper. Every resulting `<pre>` gets `dir="ltr"` and `data-language`.
 *
 * Must run after rehype-sanitize: shiki's inline styles would not survive it.
 */
export function rehypeHighlight(highlighter: Highlighter) {
  return (tree: Root): undefined => {
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName !== "pre" || !parent || index === undefined) return;
      const code = node.children.find(
        (child): child is Element => child.type === "element" && child.tagName === "code",
      );
      if (!code) return;
      const requested = requestedLanguage(code);
      const lang = resolveLanguage(highlighter, requested);
      // mdast-util-to-hast ends code blocks with a newline; shiki would render an empty last line.
      const source = toString(code).replace(/\n$/, "");
      const fragment = highlighter.codeToHast(source, {
        lang,
        themes: HIGHLIGHT_THEMES,
        defaultColor: false,
        tokenizeMaxLineLength: TOKENIZE_MAX_LINE_LENGTH,
        tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS,
      });
      const pre = fragment.children.find(
        (child): child is Element => child.type === "element" && child.tagName === "pre",
      );
      if (!pre) return;
      pre.properties.dir = "ltr";
      pre.properties.dataLanguage = languageLabel(requested, lang);
      parent.children[index] = pre as ElementContent;
      return "skip";
    });
  };
}
