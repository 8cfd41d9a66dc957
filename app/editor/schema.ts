/** The editor's own calls' payloads. Messages are catalog keys. */
import * as z from "zod";
import { locales } from "~/i18n/locales";
import { msg } from "~/lib/validation";

/** GET /api/editor/suggestions?locale=: what the post-settings panel offers for a page in that language. */
export const suggestionsQuery = z.object({ locale: z.enum(locales, msg("validation.invalid")) });
