/**
 * Class names joined (by `cn`, or given to a primitive that joins them with its own) never set the same thing
 * twice: without a merging step, which of two heights or two text colours applies depends on the stylesheet's
 * order, not on the order written. tailwind-merge is the judge here (it knows which classes conflict); the site
 * itself does not load it. Every `cn(...)` call and every class given to Button, Input, Textarea and Spinner in
 * app/ is read, each branch of a condition on its own.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { clsx } from "clsx";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { buttonClass } from "~/ui/button";
import { inputClass } from "~/ui/input";

const variants = ["primary", "outline", "ghost", "destructive"] as const;
const sizes = ["sm", "md", "icon", null] as const;

/** Each primitive's own classes, for the variant and size its caller chose (every one when not written). */
const primitives: Record<string, (attrs: Map<string, string | null | undefined>) => string[]> = {
  Button: (attrs) => {
    const variant = attrs.get("variant") as (typeof variants)[number] | undefined;
    const size = attrs.get("size") as (typeof sizes)[number] | undefined;
    return (variant ? [variant] : variants).flatMap((v) =>
      (size !== undefined ? [size] : sizes.filter((s) => s !== null)).map((s) => buttonClass({ variant: v, size: s })),
    );
  },
  Input: () => [clsx(inputClass, "h-10")],
  Textarea: () => [clsx(inputClass, "min-h-20")],
  Spinner: () => ["animate-spin motion-reduce:animate-none"],
};

/** The class strings an expression may give: each branch of a condition, "" for what cannot be read here. */
function alternatives(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return alternatives(node.expression);
  if (ts.isJsxExpression(node)) return node.expression ? alternatives(node.expression) : [""];
  if (ts.isConditionalExpression(node)) return [...alternatives(node.whenTrue), ...alternatives(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return ["", ...alternatives(node.right)];
  }
  if (ts.isTemplateExpression(node))
    return [[node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ")];
  if (ts.isCallExpression(node) && node.expression.getText() === "cn") return joined(node.arguments);
  return [""];
}

/**
 * The class strings to check for a call's arguments: what is always given with each alternative of each
 * condition in turn (two conditions may exclude each other: a step is done or current, not both).
 */
function joined(parts: readonly ts.Node[]): string[] {
  const options = parts.map(alternatives);
  const always = options.filter((option) => option.length === 1).map(([only]) => only);
  const conditional = options.filter((option) => option.length > 1).flat();
  return [always.join(" "), ...conditional.map((option) => [...always, option].join(" "))];
}

const conflicts = (classes: string) => {
  const written = clsx(classes).split(/\s+/).filter(Boolean);
  const kept = new Set(twMerge(classes).split(/\s+/));
  return written.filter((name, i) => !kept.has(name) || written.indexOf(name) !== i);
};

function findConflicts(): string[] {
  const files = execFileSync("git", ["ls-files", "app/**/*.tsx", "app/**/*.ts"], { encoding: "utf8" })
    .trim()
    .split("\n");
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.getText() === "cn") {
        for (const classes of joined(node.arguments)) {
          const lost = conflicts(classes);
          if (lost.length) found.push(`${where(node)} cn(…) "${clsx(classes)}": ${lost.join(" ")}`);
        }
      }
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && primitives[node.tagName.getText()]) {
        const attrs = new Map<string, string | null | undefined>();
        let className: ts.Node | undefined;
        for (const attr of node.attributes.properties) {
          if (!ts.isJsxAttribute(attr) || !attr.initializer) continue;
          const name = attr.name.getText();
          if (name === "className") className = attr.initializer;
          else if (ts.isStringLiteral(attr.initializer)) attrs.set(name, attr.initializer.text);
          else if (
            ts.isJsxExpression(attr.initializer) &&
            attr.initializer.expression?.kind === ts.SyntaxKind.NullKeyword
          )
            attrs.set(name, null);
        }
        if (className) {
          for (const own of primitives[node.tagName.getText()]!(attrs)) {
            for (const given of alternatives(className)) {
              const lost = conflicts(`${own} ${given}`);
              if (lost.length) found.push(`${where(node)} <${node.tagName.getText()}> "${given}": ${lost.join(" ")}`);
            }
          }
        }
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return [...new Set(found)];
}

describe("class names", () => {
  test("joined in app/ never set the same thing twice", () => {
    expect(findConflicts()).toEqual([]);
  });

  test("the reading finds a conflict where there is one", () => {
    expect(conflicts("h-8 px-3 h-9")).toEqual(["h-8"]);
    expect(conflicts("h-8 px-3 text-sm text-destructive")).toEqual([]);
  });
});
