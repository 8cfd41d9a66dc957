/**
 * Who may call what: every /api/* route and every /manage/* page (without its locale prefix) with the status each
 * of an anonymous visitor and the four seeded roles gets. authorization.test.ts checks that every route has a row;
 * other suites walk the rows (the second-factor requirement).
 */
export const people = ["anonymous", "member", "moderator", "editor", "admin"] as const;
export type Who = (typeof people)[number];
export type Expect = Record<Who, number>;

const all = (status: number): Expect => ({
  anonymous: status,
  member: status,
  moderator: status,
  editor: status,
  admin: status,
});
/** Signed in: any role; the status for anonymous visitors and for everyone signed in. */
const signedIn = (status: number): Expect => ({
  anonymous: 401,
  member: status,
  moderator: status,
  editor: status,
  admin: status,
});
/** dashboard.read: Moderator, Editor and Admin hold it, Member does not. */
const dashboard = (status: number): Expect => ({
  anonymous: 401,
  member: 403,
  moderator: status,
  editor: status,
  admin: status,
});
/** users.manage: only Admin. */
const usersManage = (status: number): Expect => ({
  anonymous: 401,
  member: 403,
  moderator: 403,
  editor: 403,
  admin: status,
});
/** settings.edit: only Admin (reading the settings needs dashboard.read only). */
const settingsEdit = (status: number): Expect => ({
  anonymous: 401,
  member: 403,
  moderator: 403,
  editor: 403,
  admin: status,
});
/** comments.edit: Moderator and Admin hold it (Editor and Member do not). */
const commentsEdit = (status: number): Expect => ({
  anonymous: 401,
  member: 403,
  moderator: status,
  editor: 403,
  admin: status,
});
/** commit.create, builds.read and builds.push: Editor and Admin hold them. */
const writing = (status: number): Expect => ({
  anonymous: 401,
  member: 403,
  moderator: 403,
  editor: status,
  admin: status,
});
/** Pages: anonymous visitors are sent to login (302), the rest get the page (200) or the 403 page. */
const page = (
  permission: "dashboard.read" | "comments.edit" | "commit.create" | "builds.read" | "builds.push",
): Expect =>
  permission === "dashboard.read"
    ? { anonymous: 302, member: 403, moderator: 200, editor: 200, admin: 200 }
    : permission === "comments.edit"
      ? { anonymous: 302, member: 403, moderator: 200, editor: 403, admin: 200 }
      : { anonymous: 302, member: 403, moderator: 403, editor: 200, admin: 200 };

export interface Row {
  /** The route's path as app/routes.ts declares it. */
  route: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** A concrete URL for a pattern with parameters. */
  url?: string;
  expect: Expect;
}

// Mutations are sent with an empty JSON body: 400 ("Missing required fields") shows the guard let the call
// through and nothing changed.
export const apiTable: Row[] = [
  { route: "api/_auth/session", method: "GET", expect: all(200) },
  { route: "api/_auth/session", method: "DELETE", expect: all(200) },
  { route: "api/auth/reader", method: "GET", expect: all(200) },
  { route: "api/auth/register", method: "POST", expect: all(400) },
  { route: "api/auth/login", method: "POST", expect: all(400) },
  { route: "api/auth/change-password", method: "PUT", expect: signedIn(400) },
  // Without the keys to keep (a body), ending the other sessions says what it needs and ends nothing.
  { route: "api/auth/sessions", method: "DELETE", expect: signedIn(400) },
  { route: "api/auth/confirm-password", method: "POST", expect: signedIn(400) },
  // The second step is for a sign-in waiting for it (its own cookie): open to all, and it checks its code first.
  { route: "api/auth/second-step", method: "POST", expect: all(400) },
  // Setting up an authenticator app right after signing in: a secret to confirm (nothing is on until then).
  { route: "api/auth/second-factor/totp", method: "POST", expect: signedIn(200) },
  { route: "api/auth/second-factor/totp", method: "PUT", expect: signedIn(400) },
  // Nobody seeded has a second factor: there is nothing to remove, nor codes to replace.
  { route: "api/auth/second-factor/totp", method: "DELETE", expect: signedIn(409) },
  { route: "api/auth/second-factor/recovery-codes", method: "POST", expect: signedIn(409) },
  { route: "api/auth/second-factor/confirm", method: "POST", expect: signedIn(400) },
  { route: "api/auth/passkeys", method: "POST", expect: signedIn(400) },
  { route: "api/auth/passkeys", method: "DELETE", expect: signedIn(400) },
  // A challenge: signing in with a passkey is open to all, the other purposes check theirs after the body.
  { route: "api/auth/passkeys/options", method: "POST", expect: all(400) },
  { route: "api/auth/passkeys/sign-in", method: "POST", expect: all(400) },
  { route: "api/auth/forgot-password", method: "POST", expect: all(400) },
  { route: "api/auth/reset-password", method: "POST", expect: all(400) },
  { route: "api/auth/confirm-email", method: "POST", expect: all(400) },
  { route: "api/users/email", method: "POST", expect: signedIn(400) },
  { route: "api/users/update-profile", method: "PUT", expect: signedIn(400) },
  // The caller's own notices: reading them, and a change that names no kind (nothing changes).
  { route: "api/users/notifications", method: "GET", expect: signedIn(200) },
  { route: "api/users/notifications", method: "PUT", expect: signedIn(200) },
  // A profile picture: an empty JSON body is no image (400); removing one that is not there is done (200).
  { route: "api/users/avatar", method: "PUT", expect: signedIn(400) },
  { route: "api/users/avatar", method: "DELETE", expect: signedIn(200) },
  { route: "api/users/all", method: "GET", expect: dashboard(200) },
  { route: "api/users/new", method: "POST", expect: usersManage(400) },
  { route: "api/roles/all", method: "GET", expect: dashboard(200) },
  { route: "api/roles/new", method: "POST", expect: usersManage(400) },
  { route: "api/roles/add-user", method: "POST", expect: usersManage(400) },
  { route: "api/roles/remove-user", method: "POST", expect: usersManage(400) },
  { route: "api/roles/set-user", method: "PUT", expect: usersManage(400) },
  { route: "api/roles/update", method: "PUT", expect: usersManage(400) },
  { route: "api/roles/delete", method: "POST", expect: usersManage(400) },
  { route: "api/users/update", method: "PUT", expect: usersManage(400) },
  { route: "api/users/disable", method: "POST", expect: usersManage(400) },
  { route: "api/users/enable", method: "POST", expect: usersManage(400) },
  { route: "api/users/delete", method: "POST", expect: usersManage(400) },
  { route: "api/users/set-password", method: "PUT", expect: usersManage(400) },
  { route: "api/users/end-sessions", method: "POST", expect: usersManage(400) },
  { route: "api/identity/device", method: "PUT", expect: signedIn(400) },
  { route: "api/identity/device", method: "DELETE", expect: signedIn(400) },
  // No provider is configured here: the calls exist but answer "not configured".
  { route: "api/oauth/:provider/start", method: "GET", url: "/api/oauth/github/start", expect: all(404) },
  { route: "api/oauth/:provider/callback", method: "GET", url: "/api/oauth/github/callback", expect: all(400) },
  // Content is public.
  { route: "api/search", method: "GET", expect: all(200) },
  { route: "api/content/single", method: "GET", expect: all(400) },
  { route: "api/content/query", method: "GET", expect: all(200) },
  // The site is installed: the installer is locked for everyone.
  { route: "api/install/database-connections", method: "GET", expect: all(403) },
  { route: "api/install/migrations-run", method: "POST", expect: all(403) },
  { route: "api/install/database-loading", method: "POST", expect: all(403) },
  { route: "api/install/admin-loading", method: "POST", expect: all(403) },
  { route: "api/install/finish", method: "POST", expect: all(403) },
  // Reading comments is public; posting is open to signed-in users with comments.create and to anonymous
  // visitors with a signed event, so an empty body is a 400 for everyone.
  { route: "api/comments", method: "GET", expect: all(400) },
  { route: "api/comments/new", method: "POST", expect: all(400) },
  // A comment's author corrects it: a member by their session, a visitor by a signed event (in the body).
  { route: "api/comments/edit", method: "POST", expect: all(400) },
  { route: "api/comments/delete", method: "POST", expect: all(400) },
  { route: "api/comments/all", method: "GET", expect: commentsEdit(200) },
  { route: "api/comments/moderate", method: "POST", expect: commentsEdit(400) },
  // Settings, items and categories: reading needs dashboard.read, changing needs settings.edit.
  { route: "api/settings", method: "GET", expect: dashboard(200) },
  { route: "api/settings", method: "PUT", expect: settingsEdit(400) },
  { route: "api/settings/icon", method: "PUT", expect: settingsEdit(400) },
  { route: "api/settings/icon", method: "DELETE", expect: settingsEdit(200) },
  { route: "api/settings/history", method: "GET", expect: dashboard(200) },
  { route: "api/settings/menu", method: "PUT", expect: settingsEdit(400) },
  // E-mail: the server is read with dashboard.read; changing it and sending a test need settings.edit.
  { route: "api/mail/settings", method: "GET", expect: dashboard(200) },
  { route: "api/mail/settings", method: "PUT", expect: settingsEdit(400) },
  { route: "api/mail/test", method: "POST", expect: settingsEdit(400) },
  // The newsletter's subscribers (addresses): listed as CSV and removed with settings.edit.
  { route: "api/newsletter/subscribers", method: "GET", expect: settingsEdit(200) },
  { route: "api/newsletter/subscribers", method: "DELETE", expect: settingsEdit(400) },
  { route: "api/items/all", method: "GET", expect: dashboard(200) },
  { route: "api/categories/all", method: "GET", expect: dashboard(200) },
  { route: "api/categories/new", method: "POST", expect: settingsEdit(400) },
  { route: "api/categories/update", method: "PUT", expect: settingsEdit(400) },
  { route: "api/categories/order", method: "PUT", expect: settingsEdit(400) },
  { route: "api/categories/remove", method: "POST", expect: settingsEdit(400) },
  // Traffic: the reports need dashboard.read; any visitor's page reports its views (an empty body is a 400).
  { route: "api/analysis/traffic", method: "GET", expect: dashboard(200) },
  {
    route: "api/analysis/route",
    method: "GET",
    url: "/api/analysis/route?pageRoute=/en/about",
    expect: dashboard(200),
  },
  { route: "api/traffic/view", method: "POST", expect: all(400) },
  // Nostr: signing in with a key is public (an empty body is a 400); linking one's key, the lightning address and
  // checking identities elsewhere need an account; zap terms and the contact page's terms are public.
  { route: "api/auth/nostr/challenge", method: "GET", expect: all(200) },
  { route: "api/auth/nostr/login", method: "POST", expect: all(400) },
  { route: "api/auth/nostr/link", method: "POST", expect: signedIn(400) },
  { route: "api/auth/nostr/link", method: "DELETE", expect: signedIn(200) },
  { route: "api/nostr/zap", method: "GET", expect: all(400) },
  { route: "api/nostr/zap", method: "POST", expect: all(400) },
  { route: "api/nostr/lightning-address", method: "PUT", expect: signedIn(400) },
  { route: "api/nostr/verify", method: "POST", expect: signedIn(400) },
  { route: "api/nostr/contact", method: "GET", expect: all(200) },
  { route: "api/nostr/messaging-key", method: "GET", expect: signedIn(200) },
  { route: "api/nostr/messaging-key", method: "POST", expect: signedIn(400) },
  // Marking one's own messages read takes no input.
  { route: "api/nostr/inbox-read", method: "POST", expect: signedIn(200) },
  // The editor and builds: writing needs commit.create, reading builds builds.read, publishing builds.push, the
  // git host settings.edit. (Importing with the site's own repository as the host is a 400.)
  { route: "api/builds/commit", method: "POST", expect: writing(400) },
  { route: "api/media/upload", method: "POST", expect: writing(400) },
  { route: "api/media/all", method: "GET", expect: dashboard(200) },
  { route: "api/media/delete", method: "POST", expect: writing(400) },
  { route: "api/builds/source", method: "GET", expect: writing(400) },
  { route: "api/editor/suggestions", method: "GET", expect: writing(400) },
  // A page's history: read and restored by who may open it in the editor (no page named: 400).
  { route: "api/editor/history", method: "GET", expect: writing(400) },
  { route: "api/editor/history", method: "POST", expect: writing(400) },
  { route: "api/builds/preview", method: "POST", expect: writing(400) },
  { route: "api/builds/discard", method: "POST", expect: writing(400) },
  // Preview links: made, listed and revoked by who may edit pages.
  { route: "api/builds/preview-links", method: "GET", expect: writing(200) },
  { route: "api/builds/preview-links", method: "POST", expect: writing(400) },
  { route: "api/builds/preview-links", method: "DELETE", expect: writing(400) },
  { route: "api/builds/all", method: "GET", expect: writing(200) },
  { route: "api/builds/diff", method: "GET", expect: writing(400) },
  { route: "api/builds/run", method: "POST", expect: writing(400) },
  { route: "api/builds/import", method: "POST", expect: writing(400) },
  // Moving a site in (builds.push): without an export named, each call says what it needs.
  // A redirect is live at once, like a published build: builds.push.
  { route: "api/redirects/new", method: "POST", expect: writing(400) },
  { route: "api/redirects/update", method: "PUT", expect: writing(400) },
  { route: "api/redirects/remove", method: "POST", expect: writing(400) },
  { route: "api/import/upload", method: "POST", expect: writing(400) },
  { route: "api/import/media", method: "POST", expect: writing(400) },
  { route: "api/import/preview", method: "POST", expect: writing(400) },
  { route: "api/import/run", method: "POST", expect: writing(400) },
  { route: "api/import/progress", method: "GET", expect: writing(200) },
  { route: "api/builds/host", method: "GET", expect: settingsEdit(200) },
  { route: "api/builds/host", method: "PUT", expect: settingsEdit(400) },
  { route: "api/*", method: "GET", url: "/api/no/such/call", expect: all(404) },
  { route: "api/*", method: "POST", url: "/api/no/such/call", expect: all(404) },
];

/** /manage pages, without their locale prefix; each is checked unprefixed, under /fa and under /en. */
export const pageTable: Row[] = [
  { route: "manage", method: "GET", expect: page("dashboard.read") },
  { route: "manage/users", method: "GET", expect: page("dashboard.read") },
  { route: "manage/comments", method: "GET", expect: page("comments.edit") },
  { route: "manage/settings", method: "GET", expect: page("dashboard.read") },
  { route: "manage/settings/email", method: "GET", expect: page("dashboard.read") },
  // Subscribers' addresses: settings.edit (only Admin).
  {
    route: "manage/newsletter",
    method: "GET",
    expect: { anonymous: 302, member: 403, moderator: 403, editor: 403, admin: 200 },
  },
  { route: "manage/items", method: "GET", expect: page("dashboard.read") },
  { route: "manage/items/category", method: "GET", expect: page("dashboard.read") },
  { route: "manage/items/media", method: "GET", expect: page("dashboard.read") },
  { route: "manage/items/redirects", method: "GET", expect: page("dashboard.read") },
  { route: "manage/builds", method: "GET", expect: page("builds.read") },
  { route: "manage/items/import", method: "GET", expect: page("builds.push") },
  { route: "manage/editor", method: "GET", expect: page("commit.create") },
  { route: "manage/editor/*", method: "GET", url: "manage/editor/en/about", expect: page("commit.create") },
];
