/**
 * Reads server-rendered HTML the way a browser does, so tests check elements and their values rather than one
 * renderer's spelling of them (attribute case such as `hrefLang`, which characters it escapes, attribute order).
 */
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString } from "hast-util-to-string";

export function parseHtml(html: string): Root {
  return fromHtml(html);
}

/** Every element with this tag name whose properties include `props` (hast names: `hrefLang`, `dateTime`). */
export function elements(
  html: string | Root | Element,
  tagName: string,
  props: Record<string, unknown> = {},
): Element[] {
  const found: Element[] = [];
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (child.tagName === tagName && matches(child, props)) found.push(child);
      visit(child.tagName === "template" && child.content ? (child.content as unknown as Element) : child);
    }
  };
  visit(typeof html === "string" ? parseHtml(html) : html);
  return found;
}

function matches(element: Element, props: Record<string, unknown>): boolean {
  return Object.entries(props).every(([name, value]) => {
    const actual = element.properties[name];
    return Array.isArray(actual) && !Array.isArray(value) ? actual.includes(value as string) : actual === value;
  });
}

/** The one element that matches; fails when there is none or more than one. */
export function element(html: string | Root, tagName: string, props: Record<string, unknown> = {}): Element {
  const found = elements(html, tagName, props);
  if (found.length !== 1)
    throw new Error(`expected one <${tagName}> with ${JSON.stringify(props)}, found ${found.length}`);
  return found[0]!;
}

export function textOf(node: Element): string {
  return toString(node);
}

/** `<meta>` content by name or property. */
export function metaContent(html: string | Root, key: { name: string } | { property: string }): string | undefined {
  return elements(html, "meta", key).map((meta) => String(meta.properties.content))[0];
}
