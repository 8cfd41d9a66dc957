/** The builds calls' payloads, shared by the screens and the API. */
import * as z from "zod";
import { jsonId, queryInteger } from "~/lib/number-fields";

/** POST /api/builds/run: publish an open build, or push a failed one again. */
export const runSchema = z.object({ buildId: jsonId });

/** POST /api/builds/discard: take a commit out of the open build. */
export const discardSchema = z.object({ commitId: jsonId });

/** GET /api/builds/diff?commitId= */
export const diffQuery = z.object({ commitId: queryInteger({ max: Number.MAX_SAFE_INTEGER, fallback: 0 }) });

/** GET /api/builds/all?before= (builds older than that id; absent: the newest). */
export const buildListQuery = z.object({ before: queryInteger({ max: Number.MAX_SAFE_INTEGER, fallback: 0 }) });
