import { renderToStringAsync } from "preact-render-to-string";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "./request-context";
import { NonceContext } from "./ui/nonce";

export const streamTimeout = 5_000;

/**
 * Renders the whole document, waiting for every suspended part (React Router's data transfer is one), on
 * Preact's renderer (decision 008).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  // React Router rejects data still pending after streamTimeout; a render stuck past that fails the request.
  let timer: NodeJS.Timeout | undefined;
  const html = await Promise.race([
    renderToStringAsync(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
    ),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("The page took too long to render.")), streamTimeout + 1000);
    }),
  ]).finally(() => clearTimeout(timer));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
