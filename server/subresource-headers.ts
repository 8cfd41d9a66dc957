/**
 * Scripts, stylesheets and fonts are never shown as documents, so the headers that only a document reads (its
 * content security policy, framing, referrer and opener policies, the legacy X- switches) say nothing on them.
 * Over HTTP/1.1 headers go uncompressed with every answer: about 600 bytes on each of the forty-odd files the
 * editor's first load asks for (23 of its 349 KB on the wire, with the two headers precompressed-assets.ts leaves
 * out). `nosniff` (a script must be served as one) and the
 * resource policy (who may load it) apply to these files and stay. Anything else under /assets (the icons' SVG,
 * which a browser opened on its own would run as a document) keeps them all.
 */
import type { NextFunction, Request, Response } from "express";

const documentOnly = [
  "Content-Security-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "Referrer-Policy",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
];

const subresource = /\.(js|css|woff2)$/i;

export function subresourceHeaders(req: Request, res: Response, next: NextFunction) {
  if (subresource.test(req.path)) for (const name of documentOnly) res.removeHeader(name);
  next();
}
