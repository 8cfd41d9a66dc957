/**
 * The folders of app/ are layers (docs/conventions.md, "Where things go"): the base imports no domain and no
 * edge; a domain imports the base and only the domains its entry names (the compositions); nothing but the edge
 * imports the edge. Every import counts, types and `import()` included; `~/` and relative paths are both read.
 *
 * Options (eslint-rules/app-layers.js): { root, base: [name…], domains: { name: { other: "the composition" } },
 * edge: [name…], exceptions: [{ file, imports, why }] }, where a name is a folder of the root or a file at its top
 * without its extension ("config.server").
 */
import path from "node:path";

const codeFile = /\.(ts|tsx|js|jsx|mjs)$/;
/** An import's target as named in the exceptions: its path without a code extension. */
const target0 = (target) => target.replace(/\?.*$/, "").replace(codeFile, "");

export default {
  meta: {
    type: "problem",
    docs: { description: "Keeps the folders of app/ in their layers: base, domains, edge." },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          base: { type: "array", items: { type: "string" } },
          domains: {
            type: "object",
            additionalProperties: { type: "object", additionalProperties: { type: "string" } },
          },
          edge: { type: "array", items: { type: "string" } },
          exceptions: {
            type: "array",
            items: {
              type: "object",
              properties: { file: { type: "string" }, imports: { type: "string" }, why: { type: "string" } },
              required: ["file", "imports", "why"],
            },
          },
        },
        required: ["root", "base", "domains", "edge"],
        additionalProperties: false,
      },
    ],
    messages: {
      base:
        "{{from}} is in the base, which imports no domain and no edge: it may not import {{to}}. Move what both " +
        'need into the base, or let the caller pass it in (docs/conventions.md, "Where things go").',
      edge:
        "{{from}} may not import {{to}}: the edge (routes, root.tsx, entry files) calls the layers below it, " +
        'never the other way (docs/conventions.md, "Where things go").',
      domain:
        "The domain {{from}} may not import {{to}}: domains meet only in the compositions listed in " +
        'docs/conventions.md ("Where things go"); it may import {{allowed}}.',
      unplaced:
        '{{what}} is in no layer: name it in the layers of eslint-rules/app-layers.js and in docs/conventions.md ("Where ' +
        'things go").',
    },
  },

  create(context) {
    const { root, base, domains, edge, exceptions = [] } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const layerOf = (name) =>
      base.includes(name) ? "base" : Object.hasOwn(domains, name) ? "domain" : edge.includes(name) ? "edge" : null;
    /** The first name under the root of an absolute path, or null outside it. */
    const placeOf = (absolute) => {
      const relative = path.relative(rootDir, absolute);
      if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
      return relative.split(path.sep)[0].replace(codeFile, "");
    };

    const file = path.resolve(context.cwd, context.filename);
    const from = placeOf(file);
    const fileInRoot = path.relative(path.dirname(rootDir), file).split(path.sep).join("/");
    if (from === null) return {};
    const fromLayer = layerOf(from);
    const label = (name) => `${root}/${name}`;

    function check(node, specifier) {
      if (typeof specifier !== "string" || fromLayer === null) return;
      // React Router's generated route types sit beside the module in another tree.
      if (specifier.includes("/+types/")) return;
      let target;
      if (specifier.startsWith("~/")) target = path.join(rootDir, specifier.slice(2));
      else if (specifier.startsWith(".")) target = path.resolve(path.dirname(context.filename), specifier);
      else return;
      const to = placeOf(target.replace(/\?.*$/, ""));
      if (to === null || to === from) return;
      const toLayer = layerOf(to);
      if (toLayer === null) {
        // Styles and other assets at the root are not modules of a layer.
        if (/\.(css|svg|png|json)$/.test(to)) return;
        context.report({ node, messageId: "unplaced", data: { what: label(to) } });
        return;
      }
      if (fromLayer === "edge" || toLayer === "base") return;
      const data = { from: label(from), to: label(to) };
      if (toLayer === "edge") context.report({ node, messageId: "edge", data });
      else if (fromLayer === "base") context.report({ node, messageId: "base", data });
      else if (!Object.hasOwn(domains[from], to)) {
        const named = path.relative(path.dirname(rootDir), target0(target)).split(path.sep).join("/");
        if (exceptions.some((e) => e.file === fileInRoot && e.imports === named)) return;
        const names = ["the base", ...Object.keys(domains[from]).map(label)];
        const allowed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
        context.report({ node, messageId: "domain", data: { ...data, allowed } });
      }
    }

    const source = (node) => check(node.source, node.source?.value);
    return {
      Program(node) {
        if (fromLayer === null) context.report({ node, messageId: "unplaced", data: { what: label(from) } });
      },
      ImportDeclaration: source,
      ExportNamedDeclaration: source,
      ExportAllDeclaration: source,
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node.source, node.source.value);
        else if (node.source.type === "TemplateLiteral" && node.source.expressions.length === 0) {
          check(node.source, node.source.quasis[0].value.cooked);
        }
      },
      TSImportType(node) {
        const literal = node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument;
        if (literal?.type === "Literal") check(literal, literal.value);
      },
    };
  },
};
