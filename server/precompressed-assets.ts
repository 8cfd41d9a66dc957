/**
 * The build's hashed scripts and stylesheets, sent in the compressed form the build made of each (`.br` at
 * brotli's best quality, `.gz` at gzip's; vite.config.ts), chosen by the request's Accept-Encoding: brotli at its
 * best is about an eighth smaller than what compressing each answer on the fly makes, too slow to make per request,
 * and costs nothing per request once made. A file the build left uncompressed, or a client that accepts neither,
 * gets the file as it is, from express's static middleware as before. The compressed files are never sent under
 * their own names, however the address spells them.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import express from "express";
import { preferredEncoding } from "./accept-encoding.ts";

const suffixes = { br: ".br", gzip: ".gz" } as const;

export function precompressedAssets(
  dir: string,
  options: { immutable: boolean; maxAge: string },
): express.RequestHandler {
  // A hashed file never changes under its name: its ETag answers a revalidation, and nothing asks for a part of
  // one, so neither Last-Modified nor Accept-Ranges goes with every answer.
  const fileOptions = { ...options, lastModified: false, acceptRanges: false };
  const serve = express.static(dir, { ...fileOptions, index: false });
  // A production build does not change under the server that serves it.
  const names = new Set(readdirSync(dir));
  return (req, res, next) => {
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    if (/\.(br|gz)$/i.test(name)) return next();
    if ((req.method !== "GET" && req.method !== "HEAD") || !names.has(name)) return serve(req, res, next);
    const compressed = Object.values(suffixes).some((suffix) => names.has(name + suffix));
    if (compressed) res.vary("Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (encoding === "identity" || !names.has(name + suffixes[encoding])) return serve(req, res, next);
    // Sent as it is: the compression middleware must not compress it again.
    res.locals.negotiated = true;
    res.setHeader("Content-Encoding", encoding);
    res.type(path.extname(name));
    res.sendFile(name + suffixes[encoding], { root: dir, ...fileOptions }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
