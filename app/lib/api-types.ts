/**
 * The JSON shape of every API error: a message in the caller's language; for bad input, the issues; for a
 * failure the site's owner can act on (the installer's migration error), the reason underneath.
 */
export interface ApiError {
  message: string;
  issues?: { path: string; message: string }[];
  reason?: string;
}
