/** The JSON shape of every API error: a message in the caller's language and, for bad input, the issues. */
export interface ApiError {
  message: string;
  issues?: { path: string; message: string }[];
}
