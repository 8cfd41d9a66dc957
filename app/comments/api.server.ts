import type { ApiContext } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import { CommentError } from "./comments.server";

/** Turns a comment domain refusal into its JSON answer in the caller's language. */
export async function answerCommentErrors(ctx: ApiContext, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CommentError) return json({ message: ctx.t(error.messageKey) }, error.status);
    throw error;
  }
}
