import { useCallback, useEffect, useState } from "react";
import { useNow } from "~/ui/use-now";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { useSessionKnown, useSessionUser } from "~/auth/session-user";
import { localizePath } from "~/i18n/locales";
import { useSiteInfo } from "~/settings/app-config";
import { Avatar } from "~/ui/avatar";
import { Button, buttonClass } from "~/ui/button";
import { commentsAnchor } from "./comments-toc-entry";
import { Icon } from "~/ui/icon";
import { useApi } from "~/ui/use-api";
import { ZapButton } from "~/nostr/ui/zap-button";
import type { PublicComment } from "../types";
import { CommentForm, type PostedComment } from "./comment-form";
import { CommentText } from "./comment-text";
import { CommentEditForm, DeleteCommentButton, type EditedComment } from "./comment-changes";
import { pendingFor, rememberPending, replacePending } from "./pending-store";
import { readProfile, useLocalProfile } from "~/keys/store";
import { withinEditWindow } from "~/keys/comment-event";
import { RelativeTime } from "~/ui/relative-time";

interface Listing {
  /** Who a zap for the post goes to (the site's owner, when they take zaps). */
  zapPostTo?: string | null;
  comments: PublicComment[];
  total: number;
  approvedCount: number;
  page: number;
  pageSize: number;
}

/** The comments of one page: the list (newest first, one level of replies, paginated) and the form. */
export default function CommentsSection({ routePath }: { routePath: string }) {
  const t = useT();
  const locale = useLocale();
  const api = useApi();
  const user = useSessionUser();
  const known = useSessionKnown();
  const site = useSiteInfo();
  // Until the reader is known, the form is shown as to most readers; a form that could only refuse is never shown.
  const refusal = !known
    ? undefined
    : user
      ? user.permissions.includes("comments.create")
        ? undefined
        : "forbidden"
      : site?.anonymousComments === false
        ? "signIn"
        : undefined;
  const [comments, setComments] = useState<PublicComment[]>([]);
  const [local, setLocal] = useState<PublicComment[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [replyTo, setReplyTo] = useState<PublicComment>();
  const [zapPostTo, setZapPostTo] = useState<string | null>(null);

  const load = useCallback(
    async (nextPage: number) => {
      const result = await api<Listing>(`/api/comments?routePath=${encodeURIComponent(routePath)}&page=${nextPage}`, {
        method: "GET",
      });
      return result.ok ? result.data : undefined;
    },
    [routePath, api],
  );

  useEffect(() => {
    let live = true;
    void load(1).then((listing) => {
      if (!live) return;
      setLoading(false);
      if (!listing) return setFailed(true);
      setComments(listing.comments);
      setZapPostTo(listing.zapPostTo ?? null);
      setTotal(listing.total);
      setPage(1);
      const shown = new Set(listing.comments.flatMap((c) => [c.id, ...c.replies.map((r) => r.id)]));
      setLocal(pendingFor(routePath, shown));
    });
    return () => {
      live = false;
    };
  }, [load, routePath]);

  // A link to #comment-123 scrolls to it once the list is there.
  useEffect(() => {
    if (!loading && window.location.hash.startsWith("#comment-")) {
      document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: "center" });
    }
  }, [loading]);

  const onPosted = (posted: PostedComment, body: string, authorName: string, replyTo?: number) => {
    // The server threads a reply to a reply under the comment that started the conversation.
    const parentId = replyTo ? (posted.parentId ?? replyTo) : undefined;
    const comment: PublicComment = {
      id: posted.id,
      parentId: parentId ?? null,
      body,
      status: posted.status,
      authorName,
      // A visitor is known by this browser's key: their edit and deletion buttons follow it.
      authorPub: user ? null : (readProfile()?.pub ?? null),
      authorUserName: user?.userName ?? null,
      authorAvatar: user?.avatar ?? null,
      authorDeleted: false,
      zappable: false,
      eventId: posted.eventId ?? null,
      mine: true,
      byPageAuthor: posted.byPageAuthor ?? false,
      html: posted.html,
      createdAt: posted.createdAt,
      editedAt: null,
      replies: [],
    };
    if (!user && posted.status !== "approved") rememberPending(routePath, comment);
    if (parentId) {
      setComments((list) => list.map((c) => (c.id === parentId ? { ...c, replies: [...c.replies, comment] } : c)));
      setReplyTo(undefined);
    } else {
      setComments((list) => [comment, ...list]);
    }
  };

  const more = async () => {
    const listing = await load(page + 1);
    if (!listing) return setFailed(true);
    setComments((list) => [...list, ...listing.comments.filter((c) => !list.some((known) => known.id === c.id))]);
    setPage(listing.page);
  };

  /** Applies a change to one comment wherever it is shown (the list, a thread, or this browser's pending ones). */
  const change = (id: number, update: (c: PublicComment) => PublicComment | null) => {
    const apply = (list: PublicComment[]): PublicComment[] =>
      list.flatMap((c) => {
        const next = c.id === id ? update(c) : { ...c, replies: apply(c.replies) };
        return next ? [next] : [];
      });
    setComments(apply);
    setLocal(apply);
    if (!user) replacePending(routePath, id, update);
  };
  const onEdited = (edited: EditedComment) =>
    change(edited.id, (c) => ({
      ...c,
      body: edited.body,
      html: edited.html,
      status: edited.status,
      eventId: edited.eventId ?? c.eventId,
      editedAt: edited.editedAt,
    }));
  const onDeleted = (id: number) => {
    change(id, () => null);
    setTotal((n) => Math.max(0, n - 1));
  };
  const itemProps = { routePath, onEdited, onDeleted };

  const localTop = local.filter((c) => c.parentId === null && !comments.some((known) => known.id === c.id));
  const all = [...localTop, ...comments];

  return (
    <div className="grid gap-6" data-testid="comments-section">
      {zapPostTo ? (
        <ZapButton
          target={{ userName: zapPostTo, name: zapPostTo }}
          label={t("comments.zap.zapPost")}
          className="inline-flex h-8 items-center gap-1.5 justify-self-start rounded-md border px-3 text-sm hover:bg-accent"
        />
      ) : null}
      {refusal ? (
        <CommentRefusal reason={refusal} routePath={routePath} />
      ) : (
        <CommentForm routePath={routePath} onPosted={(posted, body, name) => onPosted(posted, body, name)} />
      )}
      {loading ? <p className="text-sm text-muted-foreground">{t("comments.loading")}</p> : null}
      {failed ? <p className="text-sm text-destructive">{t("comments.failedLoad")}</p> : null}
      {!loading && !failed && all.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("comments.none")}</p>
      ) : null}
      <ol className="grid gap-5" data-testid="comment-list">
        {all.map((comment) => (
          <li key={comment.id}>
            <CommentItem
              {...itemProps}
              comment={comment}
              onReply={comment.status === "approved" && !refusal ? () => setReplyTo(comment) : undefined}
            />
            {comment.replies.length || local.some((r) => r.parentId === comment.id) || replyTo?.id === comment.id ? (
              <ol className="mt-4 grid gap-4 border-s-2 ps-4 sm:ms-5">
                {[
                  ...comment.replies,
                  ...local.filter((r) => r.parentId === comment.id && !comment.replies.some((k) => k.id === r.id)),
                ].map((reply) => (
                  <li key={reply.id}>
                    <CommentItem
                      {...itemProps}
                      comment={reply}
                      // Answering a reply continues the same conversation, one level deep.
                      onReply={reply.status === "approved" && !refusal ? () => setReplyTo(comment) : undefined}
                    />
                  </li>
                ))}
                {replyTo?.id === comment.id ? (
                  <li>
                    <CommentForm
                      routePath={routePath}
                      parentId={comment.id}
                      replyingTo={comment.authorName}
                      onCancelReply={() => setReplyTo(undefined)}
                      onPosted={(posted, body, name) => onPosted(posted, body, name, comment.id)}
                    />
                  </li>
                ) : null}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
      {page > 0 && comments.length < total ? (
        <Button variant="outline" className="justify-self-center" onClick={more}>
          {t("comments.loadMore")}
        </Button>
      ) : null}
      <span hidden data-testid="comment-total">
        {formatNumber(total, locale)}
      </span>
    </div>
  );
}

function CommentItem({
  comment,
  routePath,
  onReply,
  onEdited,
  onDeleted,
}: {
  comment: PublicComment;
  routePath: string;
  onReply?: () => void;
  onEdited: (edited: EditedComment) => void;
  onDeleted: (id: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const user = useSessionUser();
  const profile = useLocalProfile();
  const [editing, setEditing] = useState(false);
  const name = comment.authorDeleted ? t("comments.deletedAccount") : comment.authorName || t("comments.anonymous");
  // Its author may change it for a while: a member by their session, a visitor by this browser's key.
  const own = user ? comment.mine : Boolean(comment.authorPub && profile?.pub === comment.authorPub);
  const changeable = own && Boolean(user || comment.eventId);
  return (
    <article
      id={`comment-${comment.id}`}
      className="flex gap-3 scroll-mt-24"
      data-testid="comment"
      data-status={comment.status}
    >
      <Avatar name={name} image={comment.authorDeleted ? null : comment.authorAvatar} />
      <div className="grid min-w-0 flex-1 gap-1">
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">
            <bdi>{name}</bdi>
          </span>
          <a
            href={`#comment-${comment.id}`}
            className="inline-flex min-h-6 items-center text-xs text-muted-foreground hover:underline"
            aria-label={t("comments.permalink")}
          >
            <RelativeTime iso={comment.createdAt} locale={locale} />
          </a>
          {comment.byPageAuthor ? (
            <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary" data-testid="page-author">
              {t("comments.pageAuthor")}
            </span>
          ) : null}
          {comment.editedAt ? (
            <span className="text-xs text-muted-foreground" data-testid="edited">
              {t("comments.editedMark")}
            </span>
          ) : null}
          {comment.status !== "approved" ? (
            <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs text-warning" data-testid="awaiting">
              {t("comments.awaiting")}
            </span>
          ) : null}
        </header>
        {editing ? (
          <CommentEditForm
            comment={comment}
            routePath={routePath}
            onDone={(edited) => {
              setEditing(false);
              if (edited) onEdited(edited);
            }}
          />
        ) : comment.html !== undefined ? (
          // Rendered and sanitised by the server (links, emphasis, code, quotes; everything else as text).
          <div
            className="grid gap-2 break-words [&_a]:break-all [&_a]:underline [&_blockquote]:border-s-2 [&_blockquote]:border-muted-foreground/40 [&_blockquote]:ps-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.9em]"
            data-testid="comment-text"
            dangerouslySetInnerHTML={{ __html: comment.html }}
          />
        ) : (
          <p dir="auto" className="whitespace-pre-wrap break-words" data-testid="comment-text">
            <CommentText text={comment.body} />
          </p>
        )}
        <div className="flex flex-wrap items-center gap-4">
          {comment.zappable && comment.authorUserName && comment.status === "approved" ? (
            <ZapButton target={{ userName: comment.authorUserName, name, eventId: comment.eventId }} />
          ) : null}
          {onReply ? (
            <button
              type="button"
              onClick={onReply}
              className="inline-flex min-h-6 items-center gap-1 justify-self-start text-xs text-muted-foreground hover:text-foreground"
            >
              <Icon name="message-square-reply" className="size-3.5" />
              {t("comments.reply")}
            </button>
          ) : null}
          {changeable && !editing ? (
            <AuthorActions comment={comment} onEdit={() => setEditing(true)} onDeleted={() => onDeleted(comment.id)} />
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** "Edit" and "Delete" for the comment's author, while its edit window is open (they go when it closes). */
function AuthorActions({
  comment,
  onEdit,
  onDeleted,
}: {
  comment: PublicComment;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const now = useNow();
  if (!withinEditWindow(comment.createdAt, now)) return null;
  return (
    <>
      <button
        type="button"
        onClick={onEdit}
        className="inline-flex min-h-6 items-center text-xs text-muted-foreground hover:text-foreground"
        data-testid="comment-edit"
      >
        {t("comments.edit")}
      </button>
      <DeleteCommentButton comment={comment} onDeleted={onDeleted} />
    </>
  );
}

/** In place of the form for a reader who may not comment: an invitation to sign in, or what they lack. */
function CommentRefusal({ reason, routePath }: { reason: "signIn" | "forbidden"; routePath: string }) {
  const t = useT();
  const locale = useLocale();
  if (reason === "forbidden") {
    return (
      <p className="text-sm text-muted-foreground" data-testid="comment-refusal">
        {t("comments.forbiddenPost")}
      </p>
    );
  }
  const back = `?redirectTo=${encodeURIComponent(`${routePath}#${commentsAnchor}`)}`;
  return (
    <div className="grid gap-3 rounded-md border p-4" data-testid="comment-refusal">
      <p className="text-sm">{t("comments.signInToComment")}</p>
      <div className="flex flex-wrap gap-2">
        <a href={localizePath("/login", locale) + back} className={buttonClass({ size: "sm" })}>
          {t("comments.signIn")}
        </a>
        <a href={localizePath("/register", locale) + back} className={buttonClass({ size: "sm", variant: "outline" })}>
          {t("comments.register")}
        </a>
      </div>
    </div>
  );
}
