import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { requestInfoContext } from "./request-context";
import { scriptsAfterPaintStream } from "./shell/scripts-after-paint.server";
import { NonceContext } from "./ui/nonce";

/**
 * Errors of loaders, actions and rendering go to the log, except a client's own mistakes (a 4xx answer the
 * router made: a method a route does not take, an address it does not have) and requests the client gave up on:
 * those are answers, and a stack trace per request would let anyone flood the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

/** React Router rejects data still pending after this long; the render is aborted a second later. */
export const streamTimeout = 5_000;

/**
 * Renders the document with React's streaming renderer. Browsers get the shell as soon as it is ready and the
 * rest as it resolves; crawlers and documents that will be kept whole (the document cache) get the complete
 * document in one piece, so nothing in them depends on scripts that swap content in. Every script React or React
 * Router writes carries the request's CSP nonce; the page's modules are asked for after its first paint
 * (`scriptsAfterPaintStream`).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, wholeDocument } = loadContext.get(requestInfoContext);
  // The database is unreachable (the root loader checked): 503 whatever a page's own loader made of it.
  const root = routerContext.staticHandlerContext.loaderData.root as { unreachable?: boolean } | undefined;
  if (root?.unreachable) responseStatusCode = 503;
  const complete = wholeDocument || routerContext.isSpaMode || isbot(request.headers.get("user-agent"));
  const readyEvent = complete ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timer);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(scriptsAfterPaintStream(nonce)).pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects and the caller reports it; after it, this is the only report.
          if (shellRendered) console.error(error);
        },
      },
    );
    // A render still waiting after the time limit is cut short; one that ends in time clears the limit. (React
    // calls the callbacks above from later tasks, never before this line.)
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
