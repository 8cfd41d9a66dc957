/**
 * Requests to other machines go through the outbound module (app/lib/outbound.server.ts), which checks where they
 * go, connects to the address it checked, and bounds time and size. This rule refuses the other ways out in
 * server code: the global `fetch` (a same-origin path such as fetch("/api/…") is the browser's and passes),
 * `WebSocket` clients, http/https/http2 requests, net/tls sockets, UDP sockets, DNS look-ups, undici,
 * isomorphic-git's own HTTP clients, and libraries that make requests with the global fetch unless given
 * the module's: a libSQL client for a server and Octokit without a `fetch`, arctic's token requests.
 */

/** arctic's methods that send a request with the global fetch (the code exchange is exchangeCode's job). */
const arcticRequests = ["validateAuthorizationCode", "refreshAccessToken", "revokeToken"];

/** The property `name` of an object literal, if written there. */
const propertyOf = (object, name) =>
  object?.type === "ObjectExpression"
    ? object.properties.find((p) => p.type === "Property" && p.key.type === "Identifier" && p.key.name === name)
    : undefined;

const modules = {
  http: ["request", "get", "Agent", "globalAgent"],
  https: ["request", "get", "Agent", "globalAgent"],
  http2: ["connect"],
  net: ["connect", "createConnection", "Socket"],
  tls: ["connect", "TLSSocket"],
  dgram: ["createSocket"],
};
/** Whatever these give is a way out. */
const wholeModules = [
  "dns",
  "dns/promises",
  "undici",
  "isomorphic-git/http/node",
  "isomorphic-git/http/web",
  "node-fetch",
  "axios",
  "got",
];

const message = "Requests to other machines go through the outbound module (app/lib/outbound.server.ts): {{what}}.";

const bare = (source) => source.replace(/^node:/, "");

/** A string or template whose text starts with "/" but not "//": a path on the page's own site. */
function sameOriginPath(node) {
  const text =
    node?.type === "Literal" && typeof node.value === "string"
      ? node.value
      : node?.type === "TemplateLiteral"
        ? node.quasis[0].value.cooked
        : undefined;
  return typeof text === "string" && text.startsWith("/") && !text.startsWith("//");
}

function isGlobal(context, node, name) {
  let scope = context.sourceCode.getScope(node);
  while (scope) {
    const variable = scope.set.get(name);
    if (variable && variable.defs.length > 0) return false;
    scope = scope.upper;
  }
  return true;
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Requests to other machines only through the outbound module" },
    schema: [],
    messages: { outbound: message },
  },
  create(context) {
    /** Local names bound to a whole module (default or namespace import) → the module. */
    const namespaces = new Map();
    const report = (node, what) => context.report({ node, messageId: "outbound", data: { what } });

    return {
      ImportDeclaration(node) {
        if (node.importKind === "type") return;
        const source = bare(String(node.source.value));
        if (wholeModules.includes(source)) return report(node, `importing ${node.source.value}`);
        if (source === "@libsql/client" || source === "ws") {
          for (const spec of node.specifiers) {
            if (source === "ws" && spec.type === "ImportSpecifier" && spec.importKind !== "type") {
              if (spec.imported.name === "WebSocket") report(spec, "a WebSocket client from ws");
            }
            if (source === "ws" && spec.type === "ImportDefaultSpecifier") report(spec, "a WebSocket client from ws");
          }
          return;
        }
        const refused = modules[source];
        if (!refused) return;
        for (const spec of node.specifiers) {
          if (spec.type === "ImportSpecifier") {
            if (spec.importKind !== "type" && refused.includes(spec.imported.name)) {
              report(spec, `${spec.imported.name} from ${node.source.value}`);
            }
          } else namespaces.set(spec.local.name, source);
        }
      },
      MemberExpression(node) {
        if (node.object.type !== "Identifier" || node.property.type !== "Identifier") return;
        const source = namespaces.get(node.object.name);
        if (source && modules[source].includes(node.property.name)) {
          report(node, `${node.object.name}.${node.property.name}`);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === "Identifier" && callee.name === "fetch" && isGlobal(context, node, "fetch")) {
          if (!sameOriginPath(node.arguments[0])) report(node, "the global fetch");
        }
        if (callee.type === "MemberExpression" && callee.property.type === "Identifier") {
          if (arcticRequests.includes(callee.property.name)) report(node, `arctic's ${callee.property.name}`);
        }
        if (callee.type === "Identifier" && callee.name === "createClient") {
          const options = node.arguments[0];
          if (options?.type !== "ObjectExpression") return;
          const property = (name) => propertyOf(options, name);
          const url = property("url")?.value;
          const onFile =
            url?.type === "TemplateLiteral"
              ? url.quasis[0].value.cooked.startsWith("file:")
              : url?.type === "Literal" && String(url.value).startsWith("file:");
          if (!onFile && !property("fetch")) report(node, "a libSQL client for a server needs the module's fetch");
        }
      },
      NewExpression(node) {
        if (node.callee.type !== "Identifier") return;
        if (node.callee.name === "WebSocket") report(node, "a WebSocket client");
        if (node.callee.name === "Octokit" && !propertyOf(propertyOf(node.arguments[0], "request")?.value, "fetch")) {
          report(node, "Octokit needs the module's fetch (request: { fetch })");
        }
      },
    };
  },
};
