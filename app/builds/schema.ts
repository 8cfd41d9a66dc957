/** The builds calls' payloads, shared by the screens and the API. */
import * as z from "zod";
import { locales } from "~/i18n/locales";
import { jsonId, queryInteger } from "~/lib/number-fields";
import { msg } from "~/lib/validation";
import { pagePathField } from "./commit-schema";

/** POST /api/builds/run: publish an open build, or push a failed one again. */
export const runSchema = z.object({ buildId: jsonId });

/** POST /api/builds/discard: take a commit out of the open build. */
export const discardSchema = z.object({ commitId: jsonId });

/** GET /api/builds/diff?commitId= */
export const diffQuery = z.object({ commitId: queryInteger({ max: Number.MAX_SAFE_INTEGER, fallback: 0 }) });

/** GET /api/builds/all?before= (builds older than that id; absent: the newest). */
export const buildListQuery = z.object({ before: queryInteger({ max: Number.MAX_SAFE_INTEGER, fallback: 0 }) });

/** POST /api/builds/preview-links: a preview link for the page at (locale, path), of the open build or published. */
export const newPreviewLinkSchema = z.object({
  locale: z.enum(locales, msg("validation.invalid")),
  path: pagePathField,
});

/** DELETE /api/builds/preview-links: revoke one of the writer's links. */
export const revokePreviewLinkSchema = z.object({ id: jsonId });
