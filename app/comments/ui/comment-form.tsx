import type { KeyboardEvent } from "react";
import { loadIdentityMaker, readProfile } from "~/keys/store";
import { useLocale, useT } from "~/i18n/use-t";
import { useSessionUser } from "~/auth/session-user";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Input, Textarea } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";
import { commentEventTemplate } from "~/keys/comment-event";
import { commentMaxLength, newCommentSchema } from "../schema";
import type { PublicComment } from "../types";

export interface PostedComment {
  id: number;
  status: PublicComment["status"];
  /** The comment it answers (a reply to a reply answers the one that started the conversation). */
  parentId?: number | null;
  html?: string;
  /** A visitor's own signed event, which their edit or deletion names. */
  eventId?: string | null;
  byPageAuthor?: boolean;
  createdAt: string;
}

/** What the visitor types: the comment, an anonymous visitor's address for notices, and the field only bots fill in. */
const commentFormSchema = newCommentSchema.pick({ commentBody: true, notifyEmail: true, website: true });

/**
 * The comment form: Enter sends, Shift+Enter starts a new line; three rows to begin with. Signed-in people
 * post as themselves; anonymous visitors sign the comment with their device key.
 */
export function CommentForm({
  routePath,
  parentId,
  replyingTo,
  onCancelReply,
  onPosted,
}: {
  routePath: string;
  parentId?: number;
  replyingTo?: string;
  onCancelReply?: () => void;
  onPosted: (comment: PostedComment, body: string, authorName: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const user = useSessionUser();
  const form = useApiForm({
    schema: commentFormSchema,
    path: "/api/comments/new",
    initial: { commentBody: "", notifyEmail: "", website: "" },
    request: async ({ commentBody, notifyEmail, website }) => {
      const body: Record<string, unknown> = { routePath, commentBody, parentId, website };
      if (user) return { body };
      // Beside the signed event, never inside it: the address is not public.
      if (notifyEmail) body.notifyEmail = notifyEmail;
      // The visitor's identity (made now if this browser has none) signs the comment.
      const maker = await loadIdentityMaker();
      const profile = await maker.ensureIdentity(locale);
      const event = maker.signedByDevice(commentEventTemplate(window.location.origin + routePath, commentBody));
      if (event) body.event = event;
      return { body, headers: { "X-Display-Name": encodeURIComponent(profile.displayName) } };
    },
    reset: true,
    // The list shows the new comment; the page's own data does not change.
    revalidate: false,
    onSuccess: (data, input) =>
      onPosted(
        (data as { comment: PostedComment }).comment,
        input.commentBody,
        user ? user.displayName || user.userName : (readProfile()?.displayName ?? ""),
      ),
  });
  const id = `comment-body-${parentId ?? "top"}`;
  const field = form.field("commentBody");
  const error = form.errors.commentBody;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <ApiForm form={form} className="gap-2" data-testid="comment-form">
      {replyingTo ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <span>{t("comments.form.replyTo", { name: replyingTo })}</span>
          <button type="button" className="underline" onClick={onCancelReply}>
            {t("comments.form.cancelReply")}
          </button>
        </p>
      ) : null}
      <label className="sr-only" htmlFor={id}>
        {t("comments.form.label")}
      </label>
      <Textarea
        {...field}
        // Leaving the box empty is no mistake (the reader moves on, to reply or to edit): it is checked on sending.
        onBlur={() => (field.value.trim() ? field.onBlur() : undefined)}
        id={id}
        dir="auto"
        maxLength={commentMaxLength}
        placeholder={t("comments.form.placeholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-keys ${id}-error` : `${id}-keys`}
        onKeyDown={onKeyDown}
      />
      {/* The keys stay in view while typing (a placeholder would vanish with the first letter). */}
      <p id={`${id}-keys`} className="text-xs text-muted-foreground" data-testid="comment-keys">
        {t("comments.form.keys")}
      </p>
      {user ? null : (
        <label className="flex flex-col gap-1 text-xs text-muted-foreground">
          {t("comments.form.notifyEmail")}
          <Input
            {...form.field("notifyEmail")}
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={254}
            placeholder={t("common.email.placeholder")}
            aria-invalid={form.errors.notifyEmail ? true : undefined}
            data-testid="comment-notify-email"
          />
          {form.errors.notifyEmail ? (
            <span className="text-sm text-destructive" data-testid="comment-notify-email-error">
              {form.errors.notifyEmail}
            </span>
          ) : null}
        </label>
      )}
      {/* The honeypot: hidden from people and assistive technology, tempting to form-filling bots. */}
      <div aria-hidden className="absolute -start-[10000px] h-px w-px overflow-hidden">
        <label>
          {t("comments.form.website")}
          <input tabIndex={-1} autoComplete="off" {...form.field("website")} />
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="comment-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {user ? t("comments.form.as", { name: user.displayName || user.userName }) : t("comments.form.anonymousNote")}
        </p>
        <SubmitButton size="sm">{t("comments.form.submit")}</SubmitButton>
      </div>
    </ApiForm>
  );
}
