/**
 * The one shape of a JSON API route:
 *
 *   export const loader = apiRoute(
 *     { POST: async (ctx) => json(await service(await getDb(), ctx.user, await ctx.body(schema)), 201) },
 *     { needs: "users.manage", failure: "manage.addRoleFailed" },
 *   );
 *   export const action = loader;
 *
 * A handler per method gets one context (request, language, translator, client address, path parameters, input
 * readers, and the caller when the route needs one). Services refuse by throwing a ServiceError; this module is
 * the one place that turns a refusal into `{ message, issues?, reason? }` in the caller's language.
 */
import type { Params, RouterContextProvider } from "react-router";
import type * as z from "zod";
import { authorize, type CurrentUser } from "~/auth/current-user.server";
import type { Permission } from "~/auth/permissions";
import { serverT } from "~/i18n/catalogs.server";
import { isLocale, type Locale } from "~/i18n/locales";
import type { MessageKey, TFunction } from "~/i18n/translate";
import { hasSetupToken } from "~/install/setup-token.server";
import { databaseFault, type DatabaseFault } from "~/db/unavailable.server";
import { requestInfoContext } from "~/request-context";
import { getAppConfig, readAppConfig } from "~/settings/app-config.server";
import { refuseCallWithoutSecondFactor } from "./second-factor-requirement.server";
import type { ApiError } from "~/lib/api-types";
import { json, jsonError } from "~/lib/http.server";
import { ServiceError } from "~/lib/service-error";
import { validate } from "~/lib/validation";

/**
 * The language of a JSON answer: `X-Locale` (our own pages send it), else the first of Accept-Language that we
 * have, else Persian.
 */
export function apiLocale(request: Pick<Request, "headers">): Locale {
  const explicit = request.headers.get("x-locale");
  if (isLocale(explicit)) return explicit;
  for (const part of (request.headers.get("accept-language") ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (isLocale(tag)) return tag;
  }
  return "fa";
}

/** What an API handler gets. */
export interface ApiContext {
  request: Request;
  locale: Locale;
  t: TFunction;
  /** The client's address (behind a trusted proxy, from X-Forwarded-For). */
  ip: string;
  userAgent: string | null;
  /** The path's parameters (`:provider` …). */
  params: Params;
  /** The response's CSP nonce, for the rare call that answers with a page (the OAuth popup's result). */
  nonce: string;
  /** The JSON body, validated by its shared schema (400 in the caller's language otherwise). */
  body<T>(schema: z.ZodType<T>): Promise<T>;
  /** The query string, validated by its shared schema (400 in the caller's language otherwise). */
  query<T>(schema: z.ZodType<T>): T;
}

/** The context of a route that needs a caller (see `needs`): the caller, checked for this request. */
export interface SignedInContext extends ApiContext {
  user: CurrentUser;
}

export type ApiHandler<Context = ApiContext> = (ctx: Context) => Promise<Response>;

type Handlers<Context> = Partial<Record<Method, ApiHandler<Context>>>;

/** The handlers as the wrapper calls them: with `user` exactly when the route needs a caller. */
interface AnyHandlers {
  GET?(ctx: ApiContext & Partial<SignedInContext>): Promise<Response>;
  POST?(ctx: ApiContext & Partial<SignedInContext>): Promise<Response>;
  PUT?(ctx: ApiContext & Partial<SignedInContext>): Promise<Response>;
  DELETE?(ctx: ApiContext & Partial<SignedInContext>): Promise<Response>;
}

type RouteFunction = (args: RouteArgs) => Promise<Response>;

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiRouteOptions {
  /** The message of an unexpected failure ("Failed to add role"); the generic one when absent. */
  failure?: MessageKey;
  /**
   * When the route answers, decided by the route itself (never by a raw path, which `..` can disguise):
   * - "installed" (the default): once the site is installed; before that 503, so nobody registers or posts
   *   while the site is being set up;
   * - "installer": only before installation (403 afterwards) and only with the setup token (401 without);
   * - "always": health checks.
   */
  gate?: "installed" | "installer" | "always";
  /**
   * Who may call, checked on every request from the database: "user", anyone signed in (401 otherwise), or a
   * permission (401 without a session, 403 with the permission's own message without it; 403 "set up two-step
   * sign-in" while the owner's requirement holds the caller back, see ./second-factor-requirement.server).
   * Handlers then get the caller as `ctx.user`.
   */
  needs?: "user" | Permission;
  /**
   * The 403 message when the permission's own message names something else than what this call reads (one
   * permission, dashboard.read, opens users, settings, items, media and traffic: a refusal names the one asked for).
   */
  forbidden?: MessageKey;
}

interface RouteArgs {
  request: Request;
  params: Params;
  context: Readonly<RouterContextProvider>;
}

/**
 * An API route as one function, the route module's loader and action both: a handler per method; HEAD is
 * answered by GET; any other method gets 405 with `Allow` in the caller's language.
 * Thrown Responses are answers, a thrown ServiceError is a refusal with its status, anything else is logged and
 * becomes a 500 in the caller's language (never the error's own text, which may hold internals).
 */
export function apiRoute(
  handlers: Handlers<SignedInContext>,
  options: ApiRouteOptions & { needs: "user" | Permission },
): RouteFunction;
export function apiRoute(
  handlers: Handlers<ApiContext>,
  options?: ApiRouteOptions & { needs?: undefined },
): RouteFunction;
export function apiRoute(handlers: AnyHandlers, options: ApiRouteOptions = {}): RouteFunction {
  const methods = Object.keys(handlers) as Method[];
  const allow = (methods.includes("GET") ? [...methods, "HEAD"] : methods).join(", ");
  const gate = options.gate ?? "installed";
  const handle = async ({ request, params, context }: RouteArgs): Promise<Response> => {
    const ctx = apiContext(request, params, context);
    try {
      await checkGate(gate, request);
      const handler = handlers[(request.method === "HEAD" ? "GET" : request.method) as Method];
      if (!handler) {
        const response = jsonError(405, ctx.t("api.methodNotAllowed"));
        response.headers.set("Allow", allow);
        return response;
      }
      // Only routes that need a caller look one up (a public call costs no session read).
      if (!options.needs) return await handler(ctx);
      const user = await authorize(request, options.needs, options.forbidden);
      await refuseCallWithoutSecondFactor(user, options.needs);
      return await handler({ ...ctx, user });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      if (thrown instanceof ServiceError) return refusal(thrown, ctx.t);
      const fault = databaseFault(thrown);
      if (fault) return storageFault(fault, ctx.t, `${request.method} ${new URL(request.url).pathname}`, thrown);
      console.error(`${request.method} ${new URL(request.url).pathname} failed:`, thrown);
      return jsonError(500, ctx.t(options.failure ?? "api.unexpected"));
    }
  };
  return handle;
}

function apiContext(request: Request, params: Params, context: Readonly<RouterContextProvider>): ApiContext {
  const locale = apiLocale(request);
  const t = serverT(locale);
  const { ip, nonce } = context.get(requestInfoContext);
  return {
    request,
    locale,
    t,
    ip,
    userAgent: request.headers.get("user-agent"),
    params,
    nonce,
    body: async (schema) => parseBody({ t }, schema, await readJson(request, t)),
    query: (schema) => parseBody({ t }, schema, Object.fromEntries(new URL(request.url).searchParams)),
  };
}

async function checkGate(gate: ApiRouteOptions["gate"], request: Request): Promise<void> {
  if (gate === "always") return;
  if (gate === "installer") {
    // Read from the database, not this process's cache: another process may have finished the installation.
    if (await isInstalled(readAppConfig)) throw new ServiceError(403, "install.error.installed");
    if (!hasSetupToken(request)) throw new ServiceError(401, "install.error.tokenRequired");
    return;
  }
  // Installing is one-way: once the cached configuration says installed it stays so; until then the database
  // is asked again, so a site installed by another process opens here at once.
  if (!(await isInstalled(getAppConfig, true)) && !(await isInstalled(readAppConfig, true))) {
    throw new ServiceError(503, "install.error.notInstalled");
  }
}

/**
 * A database that cannot be read (not there yet, not migrated) means not installed; with `strict`, one that
 * cannot be reached is reported as such instead.
 */
function isInstalled(read: typeof getAppConfig, strict = false): Promise<boolean> {
  return read()
    .then((config) => config.installed)
    .catch((error: unknown) => {
      if (strict && databaseFault(error) === "unreachable") throw error;
      return false;
    });
}

/**
 * The database cannot take the request: unreachable (503, try again soon), full (507) or refusing writes
 * (503). One line in the log, not a stack per request, while it lasts.
 */
function storageFault(fault: DatabaseFault, t: TFunction, what: string, error: unknown): Response {
  console.error(`${what}: database ${fault}: ${error instanceof Error ? error.message : String(error)}`);
  const [status, key] =
    fault === "full"
      ? ([507, "api.storageFull"] as const)
      : fault === "readOnly"
        ? ([503, "api.readOnly"] as const)
        : ([503, "api.databaseUnreachable"] as const);
  const response = jsonError(status, t(key));
  response.headers.set("Retry-After", "30");
  return response;
}

async function readJson(request: Request, t: TFunction): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw jsonError(400, t("api.invalidJson"));
  }
}

/**
 * Validates a payload with its shared schema. Absent required fields give "Missing required fields: …" naming
 * them; other problems give the first issue's message. Both carry every issue.
 */
function parseBody<T>({ t }: Pick<ApiContext, "t">, schema: z.ZodType<T>, input: unknown): T {
  const result = validate(schema, input ?? {}, t);
  if (result.ok) return result.data;
  const message = result.missing.length
    ? t("api.missingFields", { fields: result.missing.join(", ") })
    : (result.issues[0]?.message ?? t("api.invalidInput"));
  throw jsonError(400, message, result.issues);
}

/** A service's refusal as the JSON answer, in the caller's language. */
function refusal(error: ServiceError, t: TFunction): Response {
  const body: ApiError = { message: t(error.key, error.vars) };
  if (error.issues) body.issues = error.issues.map((issue) => ({ path: issue.path, message: t(issue.message) }));
  if (error.reason) body.reason = error.reason;
  return json(body, { status: error.status, headers: error.headers });
}
