import { data, Link, useLoaderData, useRevalidator } from "react-router";
import { linkedKeyOf } from "~/auth/account-keys.server";
import { activityOf } from "~/auth/activity.server";
import { proofState } from "~/auth/recent-proof.server";
import { ConfirmPasswordCard } from "~/auth/ui/confirm-password-card";
import { SecondFactorCard } from "~/auth/ui/second-factor-card";
import { secondFactorStatus } from "~/auth/second-factor-status.server";
import type { AccountKey } from "~/auth/ui/keys-card";
import { currentUser } from "~/auth/current-user.server";
import { OAuthButtons } from "~/auth/ui/oauth-buttons";
import { configuredProviders } from "~/auth/oauth/providers.server";
import { Activity } from "~/auth/ui/activity";
import { IdentityCard } from "~/auth/ui/identity-card";
import { PasswordForm } from "~/auth/ui/password-form";
import { ownAddress } from "~/auth/email-address.server";
import { EmailCard } from "~/auth/ui/email-card";
import { noticeSettings } from "~/auth/notice-preferences.server";
import type { NoticeKind } from "~/auth/schema";
import { NoticesCard } from "~/auth/ui/notices-card";
import { ProfileForm } from "~/auth/ui/profile-form";
import { getDb } from "~/db/client.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { nostrAccount } from "~/nostr/nostr-account.server";
import { NostrCard } from "~/nostr/ui/nostr-card";
import { pickMessages, serverT } from "~/i18n/catalogs.server";
import { intlLocale, localizePath, parseLocalizedPath } from "~/i18n/locales";
import { mergeHeaders } from "~/lib/headers";
import { useLocale, useT } from "~/i18n/use-t";
import { roleName } from "~/manage/role-label";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import { AvatarCard } from "~/media/ui/avatar-card";
import { Avatar } from "~/ui/avatar";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { toast } from "~/ui/toast/store";
import type { Route } from "./+types/profile";

/**
 * /profile: the signed-in user's details, password and activity, and this browser's identity. A guest
 * sees their identity, with the way to log in or register.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  // "manage" for the dialogs that ask before a change.
  const messages = pickMessages(locale, ["auth", "validation", "nostr", "media", "manage"]);
  const user = await currentUser(request);
  if (!user)
    return data(
      {
        messages,
        account: null,
        activity: null,
        providers: [],
        nostr: null,
        keys: [],
        proof: null,
        secondFactor: null,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  const db = await getDb();
  const [activity, nostr, linked, proof, address, factors, notices] = await Promise.all([
    activityOf(db, user.id, user.sessionId),
    nostrAccount(db, user.id, siteOrigin(request)),
    linkedKeyOf(db, user.id),
    proofState(db, user),
    ownAddress(db, user.id),
    secondFactorStatus(db, user.id),
    noticeSettings(db, user.id),
  ]);
  // Moderation notices only for those who moderate.
  const noticeKinds: NoticeKind[] = user.permissions.includes("comments.edit")
    ? ["moderation", "comments", "inbox"]
    : ["comments", "inbox"];
  const keys: AccountKey[] = [
    ...(linked ? [{ kind: "linked" as const, ...linked }] : []),
    ...activity.devices.map((device) => ({
      kind: "device" as const,
      pub: device.pub,
      deviceName: device.deviceName,
      userAgent: device.userAgent,
      createdAt: device.createdAt,
      lastActivityAt: device.lastActivityAt,
    })),
  ];
  const account = {
    userName: user.userName,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    about: user.about,
    avatar: user.avatar,
    address,
    notices: {
      kinds: noticeKinds,
      settings: {
        moderation: notices["notify.moderation"],
        comments: notices["notify.comments"],
        inbox: notices["notify.inbox"],
      },
    },
    // Built-in roles in the reader's language.
    roles: user.roles.map((name) => roleName(name, serverT(locale))),
  };
  return data(
    {
      messages,
      account,
      activity,
      providers: configuredProviders(),
      nostr,
      keys,
      proof: {
        hasPassword: proof.hasPassword,
        ready: proof.until !== null,
        firstReady: proof.firstRecent,
        secondFactor: proof.secondFactor,
      },
      secondFactor: {
        totpSince: factors.totpSince?.toISOString() ?? null,
        recoveryCodesLeft: factors.recoveryCodesLeft,
        passkeys: factors.passkeys,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("auth.profile.title")) },
  { name: "robots", content: "noindex" },
];

export default function Profile() {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { account, activity, providers, nostr, keys, proof, secondFactor } = useLoaderData<typeof loader>();
  if (!account || !activity || !proof || !secondFactor) {
    return (
      <section className="grid max-w-3xl gap-6" data-testid="profile-guest">
        <h1 className="text-3xl font-black tracking-tight">{t("auth.profile.title")}</h1>
        <IdentityCard signedIn={false} />
        <div className="flex flex-wrap gap-3">
          <Link
            to={`${localizePath("/login", locale)}?redirectTo=${encodeURIComponent(localizePath("/profile", locale))}`}
            className={buttonClass()}
          >
            {t("auth.login.title")}
          </Link>
          <Link
            to={`${localizePath("/register", locale)}?redirectTo=${encodeURIComponent(localizePath("/profile", locale))}`}
            className={buttonClass({ variant: "outline" })}
          >
            {t("auth.register.title")}
          </Link>
        </div>
      </section>
    );
  }
  const unlinked = providers.filter((p) => !activity.linkedProviders.includes(p.id));
  return (
    <section className="grid max-w-3xl gap-6" data-testid="profile">
      <header className="flex items-center gap-4">
        <Avatar name={account.displayName} image={account.avatar} size="lg" />
        <div className="grid gap-1">
          <h1 className="text-3xl font-black tracking-tight">
            <bdi data-testid="profile-name">{account.displayName}</bdi>
          </h1>
          <p className="text-sm text-muted-foreground">
            <bdi dir="ltr">@{account.userName}</bdi>
            {account.roles.length
              ? ` · ${t("auth.profile.roles")}: ${new Intl.ListFormat(intlLocale(locale)).format(account.roles)}`
              : null}
          </p>
        </div>
      </header>
      <AvatarCard name={account.displayName} avatar={account.avatar} />
      <Card title={t("auth.profile.details")} description={t("auth.profile.detailsHint")}>
        <ProfileForm
          key={`${account.firstName}|${account.lastName}|${account.about}`}
          initial={{ firstName: account.firstName, lastName: account.lastName, about: account.about }}
        />
      </Card>
      {/* Above the address: changing a confirmed address, like linking a key, needs the password typed first. */}
      <ConfirmPasswordCard {...proof} passkeys={secondFactor.passkeys.length > 0} />
      <EmailCard email={account.address.email} confirmed={account.address.confirmed} />
      <NoticesCard
        settings={account.notices.settings}
        kinds={account.notices.kinds}
        confirmed={account.address.confirmed}
      />
      <Card title={t("auth.password.title")} description={t("auth.password.hint")}>
        <PasswordForm keys={keys} />
      </Card>
      {/* The place the "set up two-step sign-in" page links to. */}
      <div id="second-factor" className="scroll-mt-20">
        <SecondFactorCard status={secondFactor} />
      </div>
      {nostr ? <NostrCard account={nostr} /> : null}
      <IdentityCard signedIn />
      {providers.length ? (
        <Card title={t("auth.oauth.linked")} testId="linked-accounts">
          {activity.linkedProviders.length ? (
            <ul className="flex flex-wrap gap-2 text-sm">
              {providers
                .filter((p) => activity.linkedProviders.includes(p.id))
                .map((p) => (
                  <li key={p.id} className="rounded-full border px-3 py-1" data-testid={`linked-${p.id}`}>
                    {p.name}
                  </li>
                ))}
            </ul>
          ) : null}
          <OAuthButtons
            providers={unlinked}
            mode="link"
            onSignedIn={(message) => {
              toast({ title: message, variant: "success" });
              void revalidator.revalidate();
            }}
          />
        </Card>
      ) : null}
      <h2 className="mt-4 text-2xl font-bold">{t("auth.activity.title")}</h2>
      <Activity sessions={activity.sessions} keys={keys} comments={activity.comments} />
    </section>
  );
}
