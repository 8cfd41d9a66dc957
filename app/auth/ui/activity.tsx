import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { useLocalProfile } from "~/keys/store";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Icon } from "~/ui/icon";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import type { SessionInfo } from "~/auth/activity.server";
import type { CommentStatus } from "~/db/schema";
import { describeUserAgent } from "~/auth/user-agent";
import { defaultKept, KeepKeys } from "./keep-keys";
import { KeysCard, type AccountKey } from "./keys-card";
import { useApiAction } from "~/ui/use-api";

export interface CommentInfo {
  id: number;
  routePath: string;
  body: string;
  status: CommentStatus;
  createdAt: string;
}

const rowClass = "flex items-start gap-3 py-3";

/** Where the account is signed in, which keys speak for it, and what it wrote. */
export function Activity({
  sessions,
  keys,
  comments,
}: {
  sessions: SessionInfo[];
  keys: AccountKey[];
  comments: CommentInfo[];
}) {
  const t = useT();
  const action = useApiAction();
  const locale = useLocale();
  const local = useLocalProfile();
  const [ending, setEnding] = useState(false);
  const [kept, setKept] = useState<string[] | null>(null);
  const keep = kept ?? defaultKept(keys, local?.pub);
  const when = (iso: string) => formatDate(iso, locale);

  return (
    <div className="grid gap-6">
      <Card
        title={t("auth.sessions.title")}
        testId="sessions"
        actions={
          sessions.length > 1 ? (
            <Button variant="outline" size="sm" onClick={() => setEnding(true)} data-testid="end-other-sessions">
              {t("auth.sessions.endOthers")}
            </Button>
          ) : null
        }
      >
        <ul className="divide-y">
          {sessions.map((session, index) => (
            <li key={index} className={rowClass} data-testid="session-row">
              <Icon name="globe" className="mt-0.5 size-5 text-muted-foreground" />
              <div className="grid gap-0.5 text-sm">
                <span className="font-medium">
                  {describeUserAgent(session.userAgent) ?? t("auth.sessions.unknownBrowser")}
                  {session.current ? (
                    <span className="ms-2 rounded-full bg-success/15 px-2 py-0.5 text-xs text-success">
                      {t("auth.sessions.current")}
                    </span>
                  ) : null}
                </span>
                <span className="text-muted-foreground">
                  {t("auth.sessions.lastSeen", { date: when(session.lastSeenAt) })}
                  {session.ip ? ` · ${t("auth.sessions.from", { ip: session.ip })}` : null}
                </span>
              </div>
            </li>
          ))}
        </ul>
        {ending ? (
          <ConfirmDialog
            title={t("auth.sessions.endOthersTitle")}
            description={t("auth.sessions.endOthersHint")}
            confirmLabel={t("auth.sessions.endOthersConfirm")}
            onConfirm={() => action.run("/api/auth/sessions", { method: "DELETE", body: { keep } })}
            onClose={() => {
              setEnding(false);
              setKept(null);
            }}
            testId="end-other-sessions-dialog"
          >
            <KeepKeys keys={keys} selected={keep} onChange={setKept} testId="sessions-keep-keys" />
          </ConfirmDialog>
        ) : null}
      </Card>

      <KeysCard keys={keys} />

      <Card title={t("auth.comments.title")} testId="comments">
        {comments.length ? (
          <ul className="divide-y">
            {comments.map((comment) => (
              <li key={comment.id} className={rowClass}>
                <Icon name="message-square" className="mt-0.5 size-5 text-muted-foreground" />
                <div className="grid min-w-0 gap-1 text-sm">
                  <p dir="auto" className="line-clamp-2">
                    {comment.body}
                  </p>
                  <span className="text-muted-foreground">
                    <Link
                      to={`${comment.routePath}#comment-${comment.id}`}
                      className="underline underline-offset-4"
                      dir="ltr"
                    >
                      {comment.routePath}
                    </Link>
                    {" · "}
                    {when(comment.createdAt)}
                    {" · "}
                    {t(`auth.comments.status.${comment.status}`)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("auth.comments.empty")}</p>
        )}
      </Card>
    </div>
  );
}
