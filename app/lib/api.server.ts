import type * as z from "zod";
import { serverT } from "~/i18n/catalogs.server";
import { isLocale, type Locale } from "~/i18n/locales";
import type { MessageKey, TFunction } from "~/i18n/translate";
import { jsonError } from "./http.server";
import { ServiceError } from "./service-error";
import { validate } from "./validation";

/**
 * The language of a JSON answer: `X-Locale` (our own pages send it), else the first of Accept-Language that we
 * have, else Persian.
 */
export function apiLocale(request: Request): Locale {
  const explicit = request.headers.get("x-locale");
  if (isLocale(explicit)) return explicit;
  for (const part of (request.headers.get("accept-language") ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (isLocale(tag)) return tag;
  }
  return "fa";
}

export interface ApiContext {
  request: Request;
  locale: Locale;
  t: TFunction;
}

export function apiContext(request: Request): ApiContext {
  const locale = apiLocale(request);
  return { request, locale, t: serverT(locale) };
}

/** Reads a JSON body, answering 400 in the caller's language when it is not JSON. */
export async function readJson(ctx: ApiContext): Promise<unknown> {
  try {
    return await ctx.request.json();
  } catch {
    throw jsonError(400, ctx.t("api.invalidJson"));
  }
}

/**
 * Validates a payload with its shared schema. Absent required fields give "Missing required fields: …" naming
 * them; other problems give the first issue's message. Both carry every issue.
 */
export function parseBody<T>(ctx: ApiContext, schema: z.ZodType<T>, input: unknown): T {
  const result = validate(schema, input ?? {}, ctx.t);
  if (result.ok) return result.data;
  const message = result.missing.length
    ? ctx.t("api.missingFields", { fields: result.missing.join(", ") })
    : (result.issues[0]?.message ?? ctx.t("api.invalidInput"));
  throw jsonError(400, message, result.issues);
}

/** A service's refusal as the JSON answer, in the caller's language. */
export function serviceErrorResponse(error: ServiceError, t: TFunction): Response {
  const issues = error.issues?.map((issue) => ({ path: issue.path, message: t(issue.message) }));
  const response = jsonError(error.status, t(error.key, error.vars), issues);
  for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
  return response;
}

export interface HandleApiOptions {
  /** The message of an unexpected failure ("Failed to add role"); the generic one when absent. */
  failure?: MessageKey;
}

/**
 * Wraps an API handler: thrown Responses are answers, a thrown ServiceError is a refusal with its status,
 * anything else is logged and becomes a 500 in the caller's language (never the error's own text, which may
 * hold internals).
 */
export async function handleApi(
  request: Request,
  handler: (ctx: ApiContext) => Promise<Response>,
  options: HandleApiOptions = {},
): Promise<Response> {
  const ctx = apiContext(request);
  try {
    return await handler(ctx);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown instanceof ServiceError) return serviceErrorResponse(thrown, ctx.t);
    console.error(`${request.method} ${new URL(request.url).pathname} failed:`, thrown);
    return jsonError(500, ctx.t(options.failure ?? "api.unexpected"));
  }
}
