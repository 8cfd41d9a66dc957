/**
 * Markdown as the site reads it, for the editor: read by the same parser the site renders with (remark-parse with
 * remark-gfm, as `app/content/markdown/pipeline.server.ts` builds it), so the editor shows a page as the site
 * will; written by the same family's writer (mdast-util-to-markdown with GFM), which escapes whatever markdown
 * would otherwise read differently.
 *
 * A writer's spelling travels on the tree's nodes (`data`) and is used where it cannot change what is read: the
 * emphasis and strong markers, the list's bullet and numbering delimiter, the code fence, the rule and setext
 * underlines at the top level, and a line break made of two spaces.
 */
import type { Break, Code, Heading, List, Nodes, Parents, Root, ThematicBreak } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { defaultHandlers, toMarkdown, type Handle, type Join, type Options, type State } from "mdast-util-to-markdown";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

declare module "mdast" {
  interface Data {
    /** How the writer spelled this node (see `Spelling`). */
    spelling?: Spelling;
  }
}

export interface Spelling {
  /** Emphasis and strong: `*` or `_`. List: its bullet (`-`, `*`, `+`) or numbering delimiter (`.`, `)`). */
  marker?: string;
  /** Code: the opening fence (three or more backticks or tildes). */
  fence?: string;
  /** Rule: the line as written (`***`, `- - -`). */
  rule?: string;
  /** Heading: underlined (`===`/`---`) rather than `#`. */
  setext?: boolean;
  /** Line break: two spaces or more before the line end, rather than a backslash. */
  spaces?: boolean;
}

const reader = unified().use(remarkParse).use(remarkGfm).freeze();

/** The markdown's syntax tree, with positions, exactly as the site's renderer reads it. */
export function readTree(markdown: string): Root {
  return reader.parse(markdown);
}

type HandlerName = keyof typeof defaultHandlers;

/** A node's writer, and what it writes first (so the text before it knows what follows it). */
type Handler = Handle & { peek?: Handle };

const base = (type: HandlerName) => defaultHandlers[type] as Handler;

/** The default handler of `type`, run with some options changed for this one node. */
function withOptions<T extends Nodes>(
  type: HandlerName,
  options: (node: T, parent: Parents | undefined) => Partial<Options> | undefined,
): Handler {
  const own = base(type);
  const run = <R>(node: T, parent: Parents | undefined, state: State, work: () => R): R => {
    const changed = options(node, parent);
    if (!changed) return work();
    const saved = state.options;
    state.options = { ...saved, ...changed };
    try {
      return work();
    } finally {
      state.options = saved;
    }
  };
  const handle: Handler = (node, parent, state, info) =>
    run(node as T, parent, state, () => own(node, parent, state, info));
  if (own.peek) {
    const peek = own.peek;
    handle.peek = (node, parent, state, info) => run(node as T, parent, state, () => peek(node, parent, state, info));
  }
  return handle;
}

const marker = (node: Nodes) => node.data?.spelling?.marker;

const gfm = gfmToMarkdown({ tablePipeAlign: false });
const gfmTable = gfm.extensions?.find((extension) => extension.handlers?.table)?.handlers?.table as Handle;

/** GFM's table, its delimiter row written `| --- | :---: |` (a single `-` reads as a typo). */
const table: Handle = (node, parent, state, info) => {
  const [head, delimiter, ...rows] = gfmTable(node, parent, state, info).split("\n");
  const wide = delimiter?.replace(/(:?)-+(:?)/g, "$1---$2");
  return [head, wide, ...rows].join("\n");
};

const handlers: Options["handlers"] = {
  table,
  emphasis: withOptions("emphasis", (node) =>
    marker(node) === "_" ? { emphasis: "_" } : marker(node) === "*" ? { emphasis: "*" } : undefined,
  ),
  strong: withOptions("strong", (node) =>
    marker(node) === "_" ? { strong: "_" } : marker(node) === "*" ? { strong: "*" } : undefined,
  ),
  list: withOptions<List>("list", (node) => {
    const written = marker(node);
    if (node.ordered) return written === ")" || written === "." ? { bulletOrdered: written } : undefined;
    if (written !== "-" && written !== "*" && written !== "+") return undefined;
    return { bullet: written, bulletOther: written === "-" ? "*" : "-" };
  }),
  code: (node: Code, parent, state, info) => {
    const written = node.data?.spelling?.fence;
    const out = withOptions<Code>("code", () => (written?.[0] === "~" ? { fence: "~" } : undefined))(
      node,
      parent,
      state,
      info,
    );
    // The writer's longer fence, where the code does not already need one longer still.
    const fence = /^(`{3,}|~{3,})/.exec(out)?.[1];
    if (!written || !fence || written[0] !== fence[0] || written.length <= fence.length || !out.endsWith(fence)) {
      return out;
    }
    return `${written}${out.slice(fence.length, out.length - fence.length)}${written}`;
  },
  // Underlines only at the top level: in a tight list item a setext heading could swallow the paragraph above it.
  heading: withOptions<Heading>("heading", (node, parent) =>
    node.data?.spelling?.setext && parent?.type === "root" && node.depth <= 2 ? { setext: true } : undefined,
  ),
  thematicBreak: (node: ThematicBreak, parent, state, info) => {
    const rule = node.data?.spelling?.rule;
    return rule && parent?.type === "root" ? rule : base("thematicBreak")(node, parent, state, info);
  },
  break: (node: Break, parent, state, info) => {
    const written = base("break")(node, parent, state, info);
    return node.data?.spelling?.spaces && written === "\\\n" ? "  \n" : written;
  },
};

/**
 * Inside a quote or a list item, a tight list is followed without a blank line by a block that ends it anyway: the
 * site's parser can count a blank line after a list's last item as loosening the list.
 */
const tightListJoin: Join = (left, right, parent) => {
  if (parent.type === "root" || left.type !== "list" || left.spread) return undefined;
  const endsList =
    right.type === "thematicBreak" ||
    // A heading on more than one line is underlined, and its first line would join the list's text.
    (right.type === "heading" && !/"type":"break"|\\n/.test(JSON.stringify(right.children))) ||
    right.type === "code" || // always fenced (`fences: true`)
    (right.type === "list" && right.ordered !== left.ordered && (!right.ordered || (right.start ?? 1) === 1));
  return endsList ? 0 : undefined;
};

const writerOptions: Options = {
  bullet: "-",
  listItemIndent: "one",
  fence: "`",
  fences: true,
  rule: "-",
  emphasis: "*",
  strong: "*",
  resourceLink: false,
  handlers,
  join: [tightListJoin],
  // Tables as the bundled pages write them: `| a | b |` rows, cells not padded to one width.
  extensions: [gfm],
};

/** Markdown for a tree, without the final line end. */
export function writeTree(tree: Root): string {
  return toMarkdown(tree, writerOptions).replace(/\n$/, "");
}
