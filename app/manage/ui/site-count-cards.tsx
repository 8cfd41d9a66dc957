import { Link } from "react-router";
import type { Permission } from "~/auth/permissions";
import { formatNumber } from "~/i18n/format";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/translate";
import type { SiteCounts } from "~/manage/site-counts.server";
import { manageMenu } from "~/manage/nav";
import { Icon } from "~/ui/icon";

interface CountCard {
  id: string;
  label: MessageKey;
  value: number;
  /** Shown in place of the value (a count that stopped at its limit: "99+"). */
  shown?: string;
  detail?: string;
  /** The dashboard section the card opens, when the menu has it and the reader may open it. */
  section?: string;
  /** A page of the site the card opens (for every reader). */
  page?: string;
}

/** The dashboard's numbers, each card opening its section when there is one for the reader. */
export function SiteCountCards({ counts, permissions }: { counts: SiteCounts; permissions: readonly Permission[] }) {
  const t = useT();
  const locale = useLocale();
  const perLocale = (value: Record<"fa" | "en", number>) =>
    t("traffic.counts.perLocale", { fa: formatNumber(value.fa, locale), en: formatNumber(value.en, locale) });
  const cards: CountCard[] = [
    {
      id: "pages",
      label: "traffic.counts.pages",
      value: counts.pages.fa + counts.pages.en,
      detail: perLocale(counts.pages),
      section: "/manage/items",
    },
    {
      id: "posts",
      label: "traffic.counts.posts",
      value: counts.posts.fa + counts.posts.en,
      detail: perLocale(counts.posts),
      section: "/manage/items",
    },
    {
      id: "pending-comments",
      label: "traffic.counts.pendingComments",
      value: counts.pendingComments,
      section: "/manage/comments",
    },
    { id: "users", label: "traffic.counts.users", value: counts.users, section: "/manage/users" },
  ];
  if (counts.unpublishedChanges !== undefined) {
    cards.push({
      id: "unpublished-changes",
      label: "traffic.counts.unpublishedChanges",
      value: counts.unpublishedChanges,
      section: "/manage/builds",
    });
  }
  if (counts.unreadMessages !== undefined) {
    const { count, more } = counts.unreadMessages;
    cards.push({
      id: "unread-messages",
      label: "traffic.counts.unreadMessages",
      value: count,
      shown: more ? t("traffic.counts.unreadMore", { count: formatNumber(count, locale) }) : undefined,
      page: "/inbox",
    });
  }
  const open = (card: CountCard) => {
    if (card.page) return card.page;
    return manageMenu.find((item) => item.path === card.section && permissions.includes(item.permission))?.path;
  };

  return (
    <section aria-label={t("traffic.counts.label")}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => {
          const target = open(card);
          const body = (
            <>
              <span className="text-sm text-muted-foreground">{t(card.label)}</span>
              <span className="text-3xl font-black tabular-nums" data-testid="count-value">
                {card.shown ?? formatNumber(card.value, locale)}
              </span>
              {card.detail ? <span className="text-xs text-muted-foreground">{card.detail}</span> : null}
            </>
          );
          return (
            <li key={card.id} data-testid={`count-${card.id}`}>
              {target ? (
                <Link
                  to={localizePath(target, locale)}
                  className="relative grid h-full gap-1 rounded-xl border bg-card p-4 pe-9 shadow-sm transition-colors hover:bg-accent"
                >
                  {body}
                  <Icon
                    name="chevron-left"
                    className="absolute end-3 top-4 size-4 text-muted-foreground ltr:rotate-180"
                  />
                </Link>
              ) : (
                <div className="grid h-full gap-1 rounded-xl border bg-card p-4 shadow-sm">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
