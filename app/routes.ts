import { index, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import type { Locale } from "./i18n/locales";

type Prefix = "" | Locale;

/**
 * The pages a visitor sees. Every one exists unprefixed (Persian, the default), under /fa and under /en; the
 * three copies share their modules and differ only in route id.
 */
function sitePages(locale: Prefix): RouteConfigEntry[] {
  const id = (name: string) => (locale ? `${locale}/${name}` : name);
  return [
    index("routes/site/home.tsx", { id: id("home") }),
    route("403", "routes/site/forbidden.tsx", { id: id("forbidden") }),
    route("logs", "routes/site/logs.tsx", { id: id("logs") }),
    route("feed.xml", "routes/seo/feed.ts", { id: id("feed") }),
    // The tag index and tag pages; listed before the catch-all, which would otherwise take /tags/….
    route("tags", "routes/site/tags.tsx", { id: id("tags") }),
    route("tags/:tag", "routes/site/tag.tsx", { id: id("tag") }),
    // A category's and a tag's feeds. No page address holds a dot, so "<x>/feed.xml" is never a page's; listed
    // after the tag page, which takes "/tags/feed.xml" (a tag of that name) on the tie between the two patterns.
    route("tags/:tag/feed.xml", "routes/seo/listing-feed.ts", { id: id("tag-feed") }),
    route(":category/feed.xml", "routes/seo/listing-feed.ts", { id: id("category-feed") }),
    // A private preview link: a page before it is public, for whoever holds the link.
    route("preview/:token", "routes/site/preview.tsx", { id: id("preview") }),
    // One module serves both: the address chooses the form.
    route("login", "routes/site/login-register.tsx", { id: id("login") }),
    // A sign-in whose first factor was given asks for the account's second factor here.
    route("login/second-step", "routes/site/second-step.tsx", { id: id("login/second-step") }),
    // What a link sent by e-mail opens, and the form that asks for one.
    route("forgot-password", "routes/site/forgot-password.tsx", { id: id("forgot-password") }),
    route("reset-password", "routes/site/reset-password.tsx", { id: id("reset-password") }),
    route("confirm-email", "routes/site/confirm-email.tsx", { id: id("confirm-email") }),
    // An anonymous commenter's address, confirmed from the one message sent to it (under a reserved first segment).
    route("confirm-email/comments", "routes/site/commenter-confirm.tsx", { id: id("commenter-confirm") }),
    route("unsubscribe", "routes/site/unsubscribe.tsx", { id: id("unsubscribe") }),
    route("newsletter", "routes/site/newsletter.tsx", { id: id("newsletter") }),
    route("newsletter/confirm", "routes/site/newsletter-confirm.tsx", { id: id("newsletter-confirm") }),
    route("register", "routes/site/login-register.tsx", { id: id("register") }),
    route("profile", "routes/site/profile.tsx", { id: id("profile") }),
    route("inbox", "routes/site/inbox.tsx", { id: id("inbox") }),
    route("contact", "routes/site/contact.tsx", { id: id("contact") }),
    route("manage", "routes/manage/layout.tsx", { id: id("manage") }, [
      index("routes/manage/index.tsx", { id: id("manage/index") }),
      route("users", "routes/manage/users.tsx", { id: id("manage/users") }),
      route("comments", "routes/manage/comments.tsx", { id: id("manage/comments") }),
      route("settings", "routes/manage/settings.tsx", { id: id("manage/settings") }),
      route("settings/email", "routes/manage/settings-email.tsx", { id: id("manage/settings/email") }),
      route("newsletter", "routes/manage/newsletter.tsx", { id: id("manage/newsletter") }),
      route("items", "routes/manage/items.tsx", { id: id("manage/items") }),
      route("items/category", "routes/manage/items-category.tsx", { id: id("manage/items/category") }),
      route("items/media", "routes/manage/items-media.tsx", { id: id("manage/items/media") }),
      route("items/redirects", "routes/manage/items-redirects.tsx", { id: id("manage/items/redirects") }),
      route("items/import", "routes/manage/items-import.tsx", { id: id("manage/items/import") }),
      route("builds", "routes/manage/builds.tsx", { id: id("manage/builds") }),
      // The editor: a new page, or the page the rest of the address names ("/manage/editor/en/notes/x").
      route("editor", "routes/manage/editor.tsx", { id: id("manage/editor") }),
      route("editor/*", "routes/manage/editor.tsx", { id: id("manage/editor-page") }),
    ]),
    route("*", "routes/site/page.tsx", { id: id("page") }),
  ];
}

export default [
  // Machine endpoints: one form only, no locale prefix.
  route("healthz", "routes/api/healthz.ts"),
  // Content.
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  // Nostr: the relay's information document (its WebSocket upgrades are taken before the router) and names.
  route("relay", "routes/nostr/relay.ts"),
  route(".well-known/nostr.json", "routes/nostr/names.ts"),
  route("share-image/*", "routes/seo/share-image.ts"),
  // Media: published images through the image service, and media files as uploaded.
  route("img/:key/:name", "routes/media/image.ts"),
  // The site's icons and web app manifest, made from one source image.
  ...[
    "favicon.ico",
    "icon-192.png",
    "icon-512.png",
    "apple-touch-icon.png",
    "icon-maskable.png",
    "manifest.webmanifest",
  ].map((file) => route(file, "routes/media/icon.ts", { id: `icon/${file}` })),
  route("media/*", "routes/media/file.ts"),
  route("api/search", "routes/api/search.ts"),
  route("api/content/single", "routes/api/content-single.ts"),
  route("api/content/query", "routes/api/content-query.ts"),
  // Accounts.
  route("api/_auth/session", "routes/api/auth/session.ts"),
  route("api/auth/reader", "routes/api/auth/reader.ts"),
  route("api/auth/register", "routes/api/auth/register.ts"),
  route("api/auth/login", "routes/api/auth/login.ts"),
  route("api/auth/change-password", "routes/api/auth/change-password.ts"),
  route("api/auth/sessions", "routes/api/auth/sessions.ts"),
  route("api/auth/confirm-password", "routes/api/auth/confirm-password.ts"),
  route("api/auth/second-step", "routes/api/auth/second-step.ts"),
  route("api/auth/second-factor/totp", "routes/api/auth/second-factor/totp.ts"),
  route("api/auth/second-factor/recovery-codes", "routes/api/auth/second-factor/recovery-codes.ts"),
  route("api/auth/second-factor/confirm", "routes/api/auth/second-factor/confirm.ts"),
  route("api/auth/passkeys", "routes/api/auth/passkeys/index.ts"),
  route("api/auth/passkeys/options", "routes/api/auth/passkeys/options.ts"),
  route("api/auth/passkeys/sign-in", "routes/api/auth/passkeys/sign-in.ts"),
  route("api/auth/forgot-password", "routes/api/auth/forgot-password.ts"),
  route("api/auth/reset-password", "routes/api/auth/reset-password.ts"),
  route("api/auth/confirm-email", "routes/api/auth/confirm-email.ts"),
  route("api/users/email", "routes/api/users/email.ts"),
  route("api/users/notifications", "routes/api/users/notifications.ts"),
  route("api/users/update-profile", "routes/api/users/update-profile.ts"),
  route("api/users/avatar", "routes/api/users/avatar.ts"),
  route("api/users/all", "routes/api/users/all.ts"),
  route("api/users/new", "routes/api/users/new.ts"),
  route("api/roles/all", "routes/api/roles/all.ts"),
  route("api/roles/new", "routes/api/roles/new.ts"),
  route("api/roles/add-user", "routes/api/roles/add-user.ts"),
  route("api/roles/remove-user", "routes/api/roles/remove-user.ts"),
  route("api/roles/set-user", "routes/api/roles/set-user.ts"),
  route("api/roles/update", "routes/api/roles/update.ts"),
  route("api/roles/delete", "routes/api/roles/delete.ts"),
  route("api/users/update", "routes/api/users/update.ts"),
  route("api/users/disable", "routes/api/users/disable.ts"),
  route("api/users/enable", "routes/api/users/enable.ts"),
  route("api/users/delete", "routes/api/users/delete.ts"),
  route("api/users/set-password", "routes/api/users/set-password.ts"),
  route("api/users/end-sessions", "routes/api/users/end-sessions.ts"),
  route("api/identity/device", "routes/api/identity/device.ts"),
  route("api/auth/nostr/challenge", "routes/api/auth/nostr/challenge.ts"),
  route("api/auth/nostr/login", "routes/api/auth/nostr/login.ts"),
  route("api/auth/nostr/link", "routes/api/auth/nostr/link.ts"),
  route("api/oauth/:provider/start", "routes/api/oauth/start.ts"),
  route("api/oauth/:provider/callback", "routes/api/oauth/callback.ts"),
  // Installer and comments.
  route("api/install/database-connections", "routes/api/install/database-connections.ts"),
  route("api/install/migrations-run", "routes/api/install/migrations-run.ts"),
  route("api/install/database-loading", "routes/api/install/database-loading.ts"),
  route("api/install/admin-loading", "routes/api/install/admin-loading.ts"),
  route("api/install/finish", "routes/api/install/finish.ts"),
  route("api/comments", "routes/api/comments/list.ts"),
  route("api/comments/new", "routes/api/comments/new.ts"),
  route("api/comments/all", "routes/api/comments/all.ts"),
  route("api/comments/moderate", "routes/api/comments/moderate.ts"),
  route("api/comments/edit", "routes/api/comments/edit.ts"),
  route("api/comments/delete", "routes/api/comments/delete.ts"),
  // Settings, items and categories.
  route("api/settings", "routes/api/settings/current.ts"),
  route("api/settings/history", "routes/api/settings/history.ts"),
  route("api/settings/menu", "routes/api/settings/menu.ts"),
  route("api/settings/icon", "routes/api/settings/icon.ts"),
  route("api/mail/settings", "routes/api/mail/settings.ts"),
  route("api/mail/test", "routes/api/mail/test.ts"),
  route("api/newsletter/subscribers", "routes/api/newsletter/subscribers.ts"),
  route("api/items/all", "routes/api/items/all.ts"),
  route("api/categories/all", "routes/api/categories/all.ts"),
  route("api/categories/new", "routes/api/categories/new.ts"),
  route("api/categories/update", "routes/api/categories/update.ts"),
  route("api/categories/order", "routes/api/categories/order.ts"),
  route("api/categories/remove", "routes/api/categories/remove.ts"),
  route("api/redirects/new", "routes/api/redirects/new.ts"),
  route("api/redirects/update", "routes/api/redirects/update.ts"),
  route("api/redirects/remove", "routes/api/redirects/remove.ts"),
  // Moving a site in.
  route("api/import/upload", "routes/api/import/upload.ts"),
  route("api/import/media", "routes/api/import/media.ts"),
  route("api/import/preview", "routes/api/import/preview.ts"),
  route("api/import/run", "routes/api/import/run.ts"),
  route("api/import/progress", "routes/api/import/progress.ts"),
  // Traffic: the dashboard's reports, and the views pages report after navigations inside the site.
  route("api/analysis/traffic", "routes/api/analysis/traffic.ts"),
  route("api/analysis/route", "routes/api/analysis/route.ts"),
  route("api/traffic/view", "routes/api/traffic/view.ts"),
  // Nostr.
  route("api/nostr/zap", "routes/api/nostr/zap.ts"),
  route("api/nostr/lightning-address", "routes/api/nostr/lightning-address.ts"),
  route("api/nostr/verify", "routes/api/nostr/verify.ts"),
  route("api/nostr/contact", "routes/api/nostr/contact.ts"),
  route("api/nostr/messaging-key", "routes/api/nostr/messaging-key.ts"),
  route("api/nostr/inbox-read", "routes/api/nostr/inbox-read.ts"),
  // Editor and builds.
  route("api/builds/commit", "routes/api/builds/commit.ts"),
  route("api/editor/suggestions", "routes/api/editor/suggestions.ts"),
  route("api/editor/history", "routes/api/editor/history.ts"),
  route("api/builds/source", "routes/api/builds/source.ts"),
  route("api/builds/preview", "routes/api/builds/preview.ts"),
  route("api/builds/preview-links", "routes/api/builds/preview-links.ts"),
  route("api/builds/all", "routes/api/builds/all.ts"),
  route("api/builds/diff", "routes/api/builds/diff.ts"),
  route("api/builds/discard", "routes/api/builds/discard.ts"),
  route("api/builds/run", "routes/api/builds/run.ts"),
  route("api/builds/host", "routes/api/builds/host.ts"),
  route("api/builds/import", "routes/api/builds/import.ts"),
  route("api/media/upload", "routes/api/media/upload.ts"),
  route("api/media/delete", "routes/api/media/delete.ts"),
  route("api/media/all", "routes/api/media/all.ts"),
  // The site's git repository, read-only over git's smart HTTP protocol.
  route("git/content.git/*", "routes/git/repository.ts"),
  route("api/*", "routes/api/not-found.ts"),

  ...sitePages(""),
  ...prefix("fa", sitePages("fa")),
  ...prefix("en", sitePages("en")),
] satisfies RouteConfig;
