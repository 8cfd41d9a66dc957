import type { CommentStatus } from "~/db/schema";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";

type Tone = "primary" | "outline" | "destructive";

/** Where a comment can be moved, in the order they are offered; approving is what moderators mostly do. */
const moves: {
  status: CommentStatus;
  label: "comments.action.approve" | "comments.action.spam" | "comments.action.pending" | "comments.action.trash";
  tone: Tone;
}[] = [
  { status: "approved", label: "comments.action.approve", tone: "primary" },
  { status: "pending", label: "comments.action.pending", tone: "outline" },
  { status: "spam", label: "comments.action.spam", tone: "outline" },
  { status: "trash", label: "comments.action.trash", tone: "destructive" },
];

// Trash is marked by its colour, not filled: a row holds one filled button at most.
const toneClass: Record<Tone, string> = {
  primary: "",
  outline: "",
  destructive: "border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive",
};

/**
 * One group of moderation buttons: a move to every status but the current one. Used for one comment and for
 * the selected ones alike.
 */
export function ModerationActions({
  current,
  label,
  disabled,
  onMove,
  className,
}: {
  current: CommentStatus;
  label: string;
  disabled: boolean;
  onMove: (status: CommentStatus) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <div role="group" aria-label={label} className={cn("flex flex-wrap items-center gap-2", className)}>
      {moves
        .filter((move) => move.status !== current)
        .map((move) => (
          <Button
            key={move.status}
            size="sm"
            variant={move.tone === "primary" ? "primary" : "outline"}
            className={toneClass[move.tone]}
            disabled={disabled}
            onClick={() => onMove(move.status)}
            data-testid={`action-${move.status}`}
            data-variant={move.tone}
          >
            {move.status === "approved" ? <Icon name="check" /> : null}
            {t(move.label)}
          </Button>
        ))}
    </div>
  );
}
