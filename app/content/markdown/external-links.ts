import type { Root } from "hast";
import { visit } from "unist-util-visit";

function isExternal(href: string, siteHost: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(href, "http://relative.invalid");
  } catch {
    return false;
  }
  if (!/^https?:\/\//i.test(href) && !href.startsWith("//")) return false;
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return siteHost === undefined || url.host !== siteHost;
}

/**
 * Links to other sites open in a new tab without handing it this page
 * (`rel="noopener noreferrer"`). Absolute links to `siteOrigin` are internal;
 * without it every absolute http(s) link is external.
 */
export function markExternalLinks(tree: Root, siteOrigin: string | undefined): void {
  let siteHost: string | undefined;
  if (siteOrigin) {
    try {
      siteHost = new URL(siteOrigin).host;
    } catch {
      siteHost = undefined;
    }
  }
  visit(tree, "element", (node) => {
    if (node.tagName !== "a") return;
    const href = node.properties.href;
    if (typeof href === "string" && isExternal(href, siteHost)) {
      node.properties.rel = ["noopener", "noreferrer"];
      node.properties.target = "_blank";
    }
  });
}
