import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/request-context";
import { handleApi, type ApiContext, type HandleApiOptions } from "./api.server";
import { jsonError } from "./http.server";

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** An API call's context: the caller's language, translator and where the request came from. */
export interface ApiCallContext extends ApiContext {
  ip: string;
  userAgent: string | null;
}

export type ApiHandler = (ctx: ApiCallContext) => Promise<Response>;

interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * One API route: a handler per method, the rest answered 405 with `Allow`. Use as
 * `const route = apiRoute({ POST: … }); export const loader = route.loader; export const action = route.action;`
 */
export function apiRoute(handlers: Partial<Record<Method, ApiHandler>>, options?: HandleApiOptions) {
  const allowed = Object.keys(handlers).join(", ");
  const handle = ({ request, context }: RouteArgs) => {
    const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
    const handler = handlers[method];
    return handleApi(
      request,
      async (ctx) => {
        if (!handler) {
          const response = jsonError(405, ctx.t("api.methodNotAllowed"));
          response.headers.set("Allow", allowed);
          return response;
        }
        const ip = context.get(requestInfoContext).ip;
        return handler({ ...ctx, ip, userAgent: request.headers.get("user-agent") });
      },
      options,
    );
  };
  return { loader: handle, action: handle };
}

/** For a route whose only handler is its action: GET answers 405 in the caller's language (no side effects on GET). */
export function methodNotAllowed({ request }: { request: Request }) {
  return handleApi(request, async (ctx) => jsonError(405, ctx.t("api.methodNotAllowed")));
}
