import { useState, type KeyboardEvent } from "react";
import { hexToBytes } from "nostr-tools/utils";
import { finalizeEvent } from "nostr-tools/pure";
import { loadIdentityMaker } from "~/identity/store";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi } from "~/lib/api-client";
import { validate } from "~/lib/validation";
import { useRootData } from "~/shell/root-data";
import { Button } from "~/ui/button";
import { Textarea } from "~/ui/input";
import { toast } from "~/ui/toast/store";
import { commentEventTemplate } from "../comment-event";
import { commentBodyField, commentMaxLength } from "../schema";
import type { PublicComment } from "../types";

export interface PostedComment {
  id: number;
  status: PublicComment["status"];
  createdAt: string;
}

/**
 * The comment form: Enter sends, Shift+Enter starts a new line (SPEC §9: three rows to begin with). Signed-in
 * people post as themselves; anonymous visitors sign the comment with their device key (issue #6).
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
  const user = useRootData()?.user ?? null;
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [website, setWebsite] = useState("");

  const send = async () => {
    const checked = validate(commentBodyField, body, t);
    if (!checked.ok) {
      setError(checked.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSending(true);
    const payload: Record<string, unknown> = { routePath, commentBody: checked.data, parentId, website };
    const headers: Record<string, string> = {};
    let authorName = user?.displayName || user?.userName || "";
    if (!user) {
      // The visitor's identity (made now if this browser has none) signs the comment.
      const { ensureIdentity } = await loadIdentityMaker();
      const { readPrivateKey } = await import("~/identity/store");
      const profile = await ensureIdentity(locale);
      const secret = readPrivateKey();
      if (secret) {
        payload.event = finalizeEvent(commentEventTemplate(window.location.origin + routePath, checked.data), hexToBytes(secret));
      }
      authorName = profile.displayName;
      headers["X-Display-Name"] = encodeURIComponent(profile.displayName);
    }
    const result = await callApi<{ comment: PostedComment }>("/api/comments/new", {
      locale,
      body: payload,
      headers,
      networkMessage: t("comments.failedPost"),
    });
    setSending(false);
    if (!result.ok) {
      setError(result.issues[0]?.message ?? result.message);
      toast({ variant: "error", title: t("comments.failedPost"), description: result.message });
      return;
    }
    setBody("");
    toast({ variant: "success", title: result.data.message ?? t("comments.posted") });
    onPosted(result.data.comment, checked.data, authorName);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!sending) void send();
  };

  return (
    <form
      className="grid gap-2"
      data-testid="comment-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void send();
      }}
    >
      {replyingTo ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <span>{t("comments.form.replyTo", { name: replyingTo })}</span>
          <button type="button" className="underline" onClick={onCancelReply}>
            {t("comments.form.cancelReply")}
          </button>
        </p>
      ) : null}
      <label className="sr-only" htmlFor={`comment-body-${parentId ?? "top"}`}>
        {t("comments.form.label")}
      </label>
      <Textarea
        id={`comment-body-${parentId ?? "top"}`}
        dir="auto"
        rows={3}
        maxLength={commentMaxLength}
        value={body}
        placeholder={t("comments.form.placeholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `comment-error-${parentId ?? "top"}` : undefined}
        onChange={(event) => {
          setBody(event.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {/* The honeypot: hidden from people and assistive technology, tempting to form-filling bots. */}
      <div aria-hidden className="absolute -start-[10000px] h-px w-px overflow-hidden">
        <label>
          {t("comments.form.website")}
          <input tabIndex={-1} autoComplete="off" name="website" value={website} onChange={(e) => setWebsite(e.target.value)} />
        </label>
      </div>
      {error ? (
        <p id={`comment-error-${parentId ?? "top"}`} className="text-sm text-destructive" data-testid="comment-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{user ? t("comments.form.as", { name: user.displayName || user.userName }) : t("comments.form.anonymousNote")}</p>
        <Button type="submit" size="sm" loading={sending}>
          {t("comments.form.submit")}
        </Button>
      </div>
    </form>
  );
}
