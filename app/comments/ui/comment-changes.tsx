import { useState, type KeyboardEvent } from "react";
import { useSessionUser } from "~/auth/session-user";
import { useT } from "~/i18n/use-t";
import { commentDeletionTemplate, commentEditTemplate } from "~/keys/comment-event";
import { loadIdentityMaker } from "~/keys/store";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Textarea } from "~/ui/input";
import { useApiAction } from "~/ui/use-api";
import { useApiForm } from "~/ui/use-api-form";
import { commentMaxLength, editCommentSchema } from "../schema";
import type { PublicComment } from "../types";

export interface EditedComment {
  id: number;
  status: PublicComment["status"];
  body: string;
  html: string;
  eventId: string | null;
  editedAt: string | null;
}

const editFormSchema = editCommentSchema.pick({ commentBody: true });

/**
 * A comment's text in a form its author changes: a member's session is enough; a visitor's browser signs the
 * new version with its key, naming the event it replaces.
 */
export function CommentEditForm({
  comment,
  routePath,
  onDone,
}: {
  comment: PublicComment;
  routePath: string;
  onDone: (edited?: EditedComment) => void;
}) {
  const t = useT();
  const user = useSessionUser();
  const form = useApiForm({
    schema: editFormSchema,
    path: "/api/comments/edit",
    initial: { commentBody: comment.body },
    request: async ({ commentBody }) => {
      const body: Record<string, unknown> = { id: comment.id, commentBody };
      if (!user && comment.eventId) {
        const maker = await loadIdentityMaker();
        const pageUrl = window.location.origin + routePath;
        const event = maker.signedByDevice(commentEditTemplate(pageUrl, commentBody, comment.eventId));
        if (event) body.event = event;
      }
      return { body };
    },
    revalidate: false,
    onSuccess: (data) => onDone((data as { comment: EditedComment }).comment),
  });
  const id = `comment-edit-${comment.id}`;
  const error = form.errors.commentBody;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") return onDone();
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <ApiForm form={form} className="gap-2" data-testid="comment-edit-form">
      <label className="text-sm text-muted-foreground" htmlFor={id}>
        {t("comments.form.editing")}
      </label>
      <Textarea
        {...form.field("commentBody")}
        id={id}
        dir="auto"
        autoFocus
        maxLength={commentMaxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="comment-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <button type="button" className="text-sm underline" onClick={() => onDone()}>
          {t("comments.form.cancelEdit")}
        </button>
        <SubmitButton size="sm">{t("comments.form.save")}</SubmitButton>
      </div>
    </ApiForm>
  );
}

/** "Delete", asked first; a visitor's browser signs the deletion request (NIP-09) with its key. */
export function DeleteCommentButton({ comment, onDeleted }: { comment: PublicComment; onDeleted: () => void }) {
  const t = useT();
  const user = useSessionUser();
  const { run } = useApiAction();
  const [asking, setAsking] = useState(false);
  const remove = () =>
    run(
      async (api) => {
        const body: Record<string, unknown> = { id: comment.id };
        if (!user && comment.eventId) {
          const maker = await loadIdentityMaker();
          const event = maker.signedByDevice(commentDeletionTemplate(comment.eventId));
          if (event) body.event = event;
        }
        return api("/api/comments/delete", { body });
      },
      { revalidate: false, onSuccess: onDeleted },
    );
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="inline-flex min-h-6 items-center text-xs text-muted-foreground hover:text-destructive"
        data-testid="comment-delete"
      >
        {t("comments.delete")}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t("comments.delete")}
          description={t("comments.confirmDelete")}
          confirmLabel={t("comments.delete")}
          onConfirm={remove}
          onClose={() => setAsking(false)}
          testId="comment-delete-dialog"
        />
      ) : null}
    </>
  );
}
