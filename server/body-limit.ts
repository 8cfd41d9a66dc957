/**
 * Request bodies are limited here, before any route reads them: a declared Content-Length over the limit is
 * refused at once, and a body is counted as it arrives (chunked bodies declare nothing), refused the moment it
 * passes the limit. Refused means 413 in the caller's language and the connection closed, so the rest of the
 * body is never read. A body within its limit is kept for the app (server/fetch-bridge.ts).
 */
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { serverT } from "~/i18n/catalogs.server";
import { apiLocale } from "~/lib/api.server";
import { requestHeaders, requestUrl } from "./fetch-bridge";

/**
 * Every JSON call and form: the largest the API takes (a comment, the site's settings, a page of roles) is a few
 * kilobytes, so 64 KB leaves room without letting one request hold much memory.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Larger limits for routes that take uploads, by path prefix (the longest matching prefix wins). */
export const BODY_LIMITS: readonly { prefix: string; bytes: number }[] = [
  // A page as the editor saves or previews it: front matter and markdown of up to 400 000 characters.
  { prefix: "/api/builds/commit", bytes: 2 * 1024 * 1024 },
  { prefix: "/api/builds/preview", bytes: 2 * 1024 * 1024 },
  // An image (the service refuses more than 10 MB with its own message; this stops far larger bodies early).
  { prefix: "/api/media/upload", bytes: 12 * 1024 * 1024 },
  // A profile picture, cropped by the browser (and the site icon's source image).
  { prefix: "/api/users/avatar", bytes: 12 * 1024 * 1024 },
  { prefix: "/api/settings/icon", bytes: 12 * 1024 * 1024 },
  // A git client's wants and haves (a fetch into a clone with a long history of its own sends many).
  { prefix: "/git/", bytes: 1024 * 1024 },
];

export function bodyLimitFor(pathname: string): number {
  let best: { prefix: string; bytes: number } | undefined;
  for (const entry of BODY_LIMITS) {
    if (pathname.startsWith(entry.prefix) && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best?.bytes ?? DEFAULT_BODY_LIMIT;
}

function refuse(req: ExpressRequest, res: ExpressResponse) {
  if (res.headersSent) return;
  const t = serverT(apiLocale({ headers: requestHeaders(req) }));
  // Closing the connection after the answer is what stops the rest of the body: Node reads no further.
  res
    .status(413)
    .set("Connection", "close")
    .set("Cache-Control", "no-store")
    .json({ message: t("api.tooLarge") });
}

export function limitBodies(): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const limit = bodyLimitFor(requestUrl(req).pathname);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return refuse(req, res);
    if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        chunks.length = 0;
        req.pause();
        refuse(req, res);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      res.locals.body = Buffer.concat(chunks, size);
      next();
    };
    // The client went away mid-body: nobody to answer, and nothing worth a log line.
    const onError = () => {
      stop();
      res.destroy();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}
