/**
 * The whole product's schema. Migrations are generated from it by drizzle-kit (`npm run db:generate`);
 * a released migration is never edited, a change is a new migration.
 */
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
};

// ── Accounts ────────────────────────────────────────────────────────────────

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userName: text("user_name").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    displayName: text("display_name").notNull().default(""),
    about: text("about").notNull().default(""),
    email: text("email"),
    /**
     * When the member showed that `email` is theirs (a link sent there, or a provider that vouched for it); null
     * for an address nobody confirmed (an administrator's entry). Only a confirmed address gets a reset link.
     */
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    /** The key of the member's profile picture in `stored_images` (null: initials). */
    avatar: text("avatar"),
    /** Nostr public key (64 lowercase hex) of the device the account was made or last used with. */
    pub: text("pub"),
    /** argon2id hash; null for accounts that only sign in with an OAuth provider. */
    passwordHash: text("password_hash"),
    /** Set while an administrator has disabled the account: it cannot sign in and holds no session. */
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    /** The last time the account signed in (password, OAuth or registration). */
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
    /**
     * The member's own Nostr key (64 lowercase hex), linked from a browser extension: their identity at this
     * site (names document, messages, sign-in) in place of the device key in `pub`.
     */
    nostrPub: text("nostr_pub"),
    /** When `nostrPub` was linked, and when it last signed the member in or signed a request. */
    nostrLinkedAt: integer("nostr_linked_at", { mode: "timestamp_ms" }),
    nostrUsedAt: integer("nostr_used_at", { mode: "timestamp_ms" }),
    /** Lightning address (LUD-16, name@domain) that zaps to the member's posts and comments are paid to. */
    lightningAddress: text("lightning_address"),
    /**
     * The newest relay event (its `seq`) that had arrived when the member last had their inbox open: gift wraps to
     * the member's keys after it are unread. A sequence rather than a time, so instances' clocks do not matter.
     */
    messagesReadSeq: integer("messages_read_seq").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_user_name_unique").on(sql`${t.userName} COLLATE NOCASE`),
    uniqueIndex("users_email_unique").on(sql`${t.email} COLLATE NOCASE`),
    uniqueIndex("users_nostr_pub_unique").on(t.nostrPub),
  ],
);

/** The permission catalogue (dashboard.read, users.manage, …), loaded by the installer. */
export const permissions = sqliteTable("permissions", {
  name: text("name").primaryKey(),
  description: text("description").notNull().default(""),
});

export const roles = sqliteTable(
  "roles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Roles made by the installer (Admin, Editor, Moderator, Member) cannot be deleted. */
    builtIn: integer("built_in", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("roles_name_unique").on(sql`${t.name} COLLATE NOCASE`)],
);

export const rolePermissions = sqliteTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission: text("permission")
      .notNull()
      .references(() => permissions.name, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

/** Server-side sessions; the cookie holds a random token whose SHA-256 is the id. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /**
     * When the holder of this session last typed the account's password (signing in with it, or confirming
     * it): linking a way to sign in needs it to be recent (app/auth/recent-proof.server.ts).
     */
    passwordAt: integer("password_at", { mode: "timestamp_ms" }),
    /**
     * When the holder of this session last gave the account's second factor (signing in, or confirming it):
     * sensitive changes of an account that has one need it to be recent too.
     */
    secondFactorAt: integer("second_factor_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Sign-ins that passed their first factor and wait for the second (app/auth/pending-sign-in.server.ts): a cookie
 * of its own names one (the id is its token's SHA-256); it is not a session and opens nothing else. What the
 * session will carry (the device, whether the password was typed) waits here until the second step.
 */
export const pendingSignIns = sqliteTable(
  "pending_sign_ins",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    withPassword: integer("with_password", { mode: "boolean" }).notNull().default(false),
    devicePub: text("device_pub"),
    deviceName: text("device_name"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("pending_sign_ins_expires_idx").on(t.expiresAt)],
);

/**
 * An account's authenticator app (TOTP, 30-second steps, six digits). `enabledAt` is null while it is being set
 * up: it counts only once a code from the app confirmed it. `lastStep` is the newest step a code was accepted
 * for: a code of that step or an older one is refused, whichever instance sees it (a conditional update).
 */
export const totpAuthenticators = sqliteTable("totp_authenticators", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32; sent to the member only while setting it up. */
  secret: text("secret").notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  lastStep: integer("last_step").notNull().default(0),
  createdAt: timestamps.createdAt,
});

/** An account's passkeys (WebAuthn credentials that are discoverable and verify their user). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential's id (base64url), as the authenticator names it. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member's name for it ("Laptop", "Phone"). */
    name: text("name").notNull(),
    /** The COSE public key (base64url). */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter as last seen (0 for those that keep none). */
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is taken once (a delete that returns it), within two
 * minutes, for what it was made for (adding a passkey, signing in, a pending sign-in's second step, proof).
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose").notNull(),
    /** The account it was made for (adding, proof) or the pending sign-in's; null to sign in with any passkey. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/** One-time recovery codes (their SHA-256): each stands in for the second factor once. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Accounts at OAuth / OpenID Connect providers linked to a user. */
export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_user_idx").on(t.userId)],
);

/** Browser identities (Nostr key pairs) seen by the server, with or without an account. */
export const devices = sqliteTable(
  "devices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pub: text("pub").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    deviceName: text("device_name").notNull().default(""),
    ip: text("ip"),
    userAgent: text("user_agent"),
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * When a session that gave the account's second factor last recorded this browser: for an account with a
     * factor, only such keys sign API calls (NIP-98). Cleared when the account's last factor goes.
     */
    secondFactorAt: integer("second_factor_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("devices_pub_unique").on(t.pub), index("devices_user_idx").on(t.userId)],
);

/**
 * Each member's messaging key: the one key messages to them are addressed to, so every browser they sign in on
 * reads them. Only its public key and its secret encrypted in the browser under the member's messaging
 * passphrase (NIP-49, an ncryptsec) are kept; the server can read neither the secret nor a message. One per
 * account (the primary key), and a key is one account's (unique): two creations at once end with one.
 */
export const messagingKeys = sqliteTable(
  "messaging_keys",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    pubkey: text("pubkey").notNull(),
    ncryptsec: text("ncryptsec").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("messaging_keys_pubkey_unique").on(t.pubkey)],
);

// ── Site configuration ──────────────────────────────────────────────────────

/** App configuration and settings as key → JSON value (installed flag, site names, categories, theme …). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  /** Grows by one with every change, so a save based on an older reading can be told apart. */
  version: integer("version").notNull().default(0),
  updatedAt: timestamps.updatedAt,
});

/**
 * Every change of the app configuration: who made it, when, and each field before and after. The version is
 * the one the change produced (unique: one entry per version).
 */
export const settingsHistory = sqliteTable(
  "settings_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    version: integer("version").notNull(),
    /** Who saved it; null once their account is deleted, or when no person did (`source`). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** "user" (someone in the dashboard), "installer", or "system" (a script, another tool). */
    source: text("source", { enum: ["user", "installer", "system"] })
      .notNull()
      .default("system"),
    changes: text("changes", { mode: "json" }).$type<{ field: string; before: unknown; after: unknown }[]>().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("settings_history_version_unique").on(t.version),
    index("settings_history_created_idx").on(t.createdAt),
  ],
);

// ── Content ─────────────────────────────────────────────────────────────────

/** One row per locale and path; the markdown body with its front matter fields. */
export const pages = sqliteTable(
  "pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    locale: text("locale", { enum: ["fa", "en"] }).notNull(),
    /** "/", "/about", "/notes/some-post" … */
    path: text("path").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** YYYY-MM-DD; dated pages are posts and appear in the logs archive. */
    date: text("date"),
    category: text("category"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    thumbnail: text("thumbnail"),
    author: text("author"),
    /** The address (no locale prefix) of the page's translation in the other language, as its file says. */
    translationOf: text("translation_of"),
    /** What search engines and social cards show in place of the title and description; null: those. */
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    toc: integer("toc", { mode: "boolean" }).notNull().default(false),
    comments: integer("comments", { mode: "boolean" }).notNull().default(false),
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
    intro: integer("intro", { mode: "boolean" }).notNull().default(false),
    /** When the page becomes public (its file's `publishAt`); null: when its build is published. */
    publishAt: integer("publish_at", { mode: "timestamp_ms" }),
    /**
     * Published but not shown yet: its `publishAt` was in the future. Every public listing and the page itself
     * leave it out until the release job (app/content/schedule.server.ts) clears the flag, once, and announces it.
     */
    withheld: integer("withheld", { mode: "boolean" }).notNull().default(false),
    body: text("body").notNull(),
    /**
     * The page's file in the content repository ("content/fa/notes/x.md") and its text as published (front
     * matter and body, byte for byte): what the editor opens, what diffs compare against and what git commits
     * hold. Null only on rows written before the editor existed; the site's history fills them in when it starts.
     */
    file: text("file"),
    source: text("source"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("pages_locale_path_unique").on(t.locale, t.path),
    uniqueIndex("pages_file_unique").on(t.file),
    index("pages_listing_idx").on(t.locale, t.draft, t.date),
    index("pages_category_idx").on(t.locale, t.category, t.date),
    // The dashboard's items list sorts by these: read in order from an index, its last page costs a walk, not a sort.
    index("pages_title_idx").on(sql`${t.title} COLLATE NOCASE`, t.id),
    index("pages_updated_idx").on(t.updatedAt, t.id),
    index("pages_path_idx").on(t.path, t.locale),
    index("pages_translation_idx").on(t.locale, t.translationOf),
    index("pages_withheld_idx").on(t.withheld, t.publishAt),
  ],
);

/**
 * Private preview links: anyone holding the link's token sees one page as its open build or draft will show it,
 * without signing in, until it expires or is revoked. Only the token's SHA-256 is kept, so the table cannot be
 * turned back into working links. `file` is the page's content file ("content/fa/notes/x.md"); the text shown is
 * read when the link is opened (the open build's version, else the published one).
 */
export const previewLinks = sqliteTable(
  "preview_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    file: text("file").notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("preview_links_token_unique").on(t.tokenHash),
    index("preview_links_owner_idx").on(t.createdBy, t.expiresAt),
  ],
);

/**
 * Addresses that answer with a permanent redirect (301) to another path on this site. `fromPath` is the address as
 * served, its locale prefix included and Persian unprefixed ("/notes/old", "/en/notes/old"), decoded, or such an
 * address with the query parameters that must match in canonical form ("/?p=123": app/content/redirect-query.ts);
 * `toPath` a path on this site in the same form (a query and fragment allowed). Chains are collapsed when written, so no
 * target is another redirect's source; a source is never a public page (the page wins). Written with the
 * build that moves a page (moved), from the dashboard (manual) or by an import (imported).
 */
export const redirectKinds = ["moved", "manual", "imported"] as const;
export type RedirectKind = (typeof redirectKinds)[number];

export const redirects = sqliteTable(
  "redirects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    kind: text("kind", { enum: redirectKinds }).notNull(),
    /** Who made it; null for a move recorded by publishing someone's build once their account is gone. */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("redirects_from_unique").on(t.fromPath), index("redirects_to_idx").on(t.toPath)],
);

/**
 * Redirects that take effect when their build is published (an import's old addresses: they answer once the
 * imported pages are live, not before). Same forms as `redirects`; gone with their build.
 */
export const buildRedirects = sqliteTable(
  "build_redirects",
  {
    buildId: integer("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    kind: text("kind", { enum: redirectKinds }).notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.fromPath] })],
);

/**
 * Addresses of public pages a published build deleted: they answer 410 Gone (an address that never held a page
 * stays 404). Same form as a redirect's source. A page published there again takes its address back.
 */
export const removedPages = sqliteTable("removed_pages", {
  address: text("address").primaryKey(),
  removedAt: integer("removed_at", { mode: "timestamp_ms" }).notNull(),
});

// ── Comments ────────────────────────────────────────────────────────────────

export const commentStatuses = ["pending", "approved", "spam", "trash"] as const;
export type CommentStatus = (typeof commentStatuses)[number];

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The page's path with its locale prefix as served, e.g. "/en/notes/x" or "/notes/x". */
    routePath: text("route_path").notNull(),
    parentId: integer("parent_id"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Nostr public key of an anonymous author (the comment's signed event is kept in `event`). */
    authorPub: text("author_pub"),
    authorName: text("author_name").notNull().default(""),
    /**
     * What an imported comment's author gave the old site: an e-mail address (personal data: shown to moderators
     * only, never in a page, a feed or an event) and a web address (shown to moderators too, as no comment here
     * shows one publicly).
     */
    authorEmail: text("author_email"),
    authorUrl: text("author_url"),
    /** The author's account was deleted: the comment stays, attributed to a deleted account. */
    authorDeleted: integer("author_deleted", { mode: "boolean" }).notNull().default(false),
    body: text("body").notNull(),
    status: text("status", { enum: commentStatuses }).notNull().default("pending"),
    /** The signed Nostr event of an anonymous comment, and its id (unique: a replayed event is refused). */
    event: text("event", { mode: "json" }),
    eventId: text("event_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** Its author last changed its text (the texts before are in comment_edits). */
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    /** Its author deleted it: it is in the trash, and only moderators see it. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("comments_route_status_idx").on(t.routePath, t.status, t.createdAt),
    index("comments_status_idx").on(t.status, t.createdAt),
    index("comments_user_idx").on(t.userId),
    uniqueIndex("comments_event_unique").on(t.eventId),
  ],
);

/** A comment's text before each of its author's edits, for moderators: nothing a commenter wrote is lost. */
export const commentEdits = sqliteTable(
  "comment_edits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    /** The text and signed event the edit replaced. */
    body: text("body").notNull(),
    event: text("event", { mode: "json" }),
    /** When it was replaced. */
    replacedAt: integer("replaced_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("comment_edits_comment_idx").on(t.commentId, t.replacedAt)],
);

// ── Builds: the editor's saves, published together and pushed to the git host ─────────

/**
 * open: collecting commits (at most one build is open); publishing: live on the site, its git commit being made
 * or pushed; published: live and in every git host; failed: live, but the push failed (see `error`; retried).
 */
export const buildStatuses = ["open", "publishing", "published", "failed"] as const;
export type BuildStatus = (typeof buildStatuses)[number];

/** edit: made by saves in the editor; baseline: the site's content when its git history began (the first commit). */
export const buildKinds = ["edit", "baseline"] as const;

export const builds = sqliteTable(
  "builds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Date and time it was opened ("2026-11-25 14:03:27", UTC): its commit says "Build <name>". */
    name: text("name").notNull(),
    status: text("status", { enum: buildStatuses }).notNull().default("open"),
    kind: text("kind", { enum: buildKinds }).notNull().default("edit"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    // Recorded when it is published, so that every instance makes the same git commit from them.
    publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    authorName: text("author_name"),
    authorEmail: text("author_email"),
    message: text("message"),
    /** Its place in the site's history (1 is the baseline): the order commits are made in. */
    sequence: integer("sequence"),
    /** The commit in the site's own repository (the same id on every instance). */
    localCommit: text("local_commit"),
    /** The commit on the configured remote host, once pushed there. */
    remoteCommit: text("remote_commit"),
    pushedAt: integer("pushed_at", { mode: "timestamp_ms" }),
    /** Why the last push failed (shown on the build until a push succeeds). */
    error: text("error"),
    ...timestamps,
  },
  (t) => [
    index("builds_status_idx").on(t.status, t.createdAt),
    // One open build: two instances opening "the" open build at once cannot both succeed.
    uniqueIndex("builds_one_open")
      .on(t.status)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex("builds_sequence_unique").on(t.sequence),
  ],
);

/**
 * One change to one page in a build: the file it writes with its full new text, or deletes (content null), or
 * moves (fromPath). Saving the same file again in the open build replaces its commit.
 */
export const commits = sqliteTable(
  "commits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    buildId: integer("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    /** The file written or deleted, relative to the repository: "content/fa/notes/x.md". */
    path: text("path").notNull(),
    /** A rename: the file moved to `path`. */
    fromPath: text("from_path"),
    /** The new text; null (with `data` null too) deletes the file. */
    content: text("content"),
    /** The new bytes of a binary file (an image under media/), in place of `content`. */
    data: blob("data", { mode: "buffer" }),
    /** What the file held before this build, recorded when the build is published (null: it did not exist). */
    previous: text("previous"),
    ...timestamps,
  },
  (t) => [uniqueIndex("commits_build_path_unique").on(t.buildId, t.path), index("commits_path_idx").on(t.path)],
);

/**
 * The outbox of publishing: what must still reach each git host, written in the transaction that publishes the
 * build, so a push interrupted by a crash is found and finished. `target` is "local" (the site's own repository)
 * or the remote host's key.
 */
export const pushStates = ["pending", "done", "failed"] as const;

export const buildPushes = sqliteTable(
  "build_pushes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    buildId: integer("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    target: text("target").notNull(),
    state: text("state", { enum: pushStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a pending push may be tried next (backoff after failures). */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    /** The instance working on it, until when: a crashed instance's claim runs out and another takes over. */
    claimedBy: text("claimed_by"),
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    commitId: text("commit_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("build_pushes_build_target_unique").on(t.buildId, t.target),
    index("build_pushes_due_idx").on(t.state, t.nextAttemptAt),
  ],
);

// ── Media: images of posts (published with builds), profile pictures and the site's icon ──────────

/**
 * An image as the image service reads it: already re-encoded and stripped of metadata. `key` is the first 16
 * hex digits of the SHA-256 of its bytes: the image service's URLs carry it, so a changed image has new URLs.
 */
const imageColumns = {
  key: text("key").notNull(),
  /** "image/jpeg", "image/png", "image/webp", "image/avif" or "image/gif". */
  mime: text("mime").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  size: integer("size").notNull(),
  data: blob("data", { mode: "buffer" }).$type<Buffer>().notNull(),
};

/**
 * The published media files ("media/<key>-<name>.<ext>" in the content repository), written when the build
 * that adds them is published. Until then their bytes live in the build's commit only. Their descriptions (alt
 * text) are written where they are used, in the pages' markdown.
 */
export const media = sqliteTable(
  "media",
  {
    path: text("path").primaryKey(),
    ...imageColumns,
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("media_key_idx").on(t.key)],
);

/** Images that are not content: members' profile pictures ("avatar") and the site icon's source ("icon"). */
export const storedImagePurposes = ["avatar", "icon"] as const;
export type StoredImagePurpose = (typeof storedImagePurposes)[number];

export const storedImages = sqliteTable("stored_images", {
  ...imageColumns,
  key: text("key").primaryKey(),
  purpose: text("purpose", { enum: storedImagePurposes }).notNull(),
  createdAt: timestamps.createdAt,
});

// ── Traffic ─────────────────────────────────────────────────────────────────
// The visit log (app/traffic/): one row per public page view, daily summaries of it for the dashboard, and the
// salt of the day that makes visitor keys. Days are UTC days counted from 1970-01-01.

export const deviceClasses = ["desktop", "mobile", "tablet"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** One public page view. Nothing here names a person unless the settings keep full addresses. */
export const pageViews = sqliteTable(
  "page_views",
  {
    id: integer("id").primaryKey(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    day: integer("day").notNull(),
    /** The page's canonical address without its query: "/notes/x" (Persian), "/en/notes/x". */
    routePath: text("route_path").notNull(),
    locale: text("locale", { enum: ["fa", "en"] }).notNull(),
    /** Where the visitor came from: another site's host name, or a campaign's `utm_source`; null when direct. */
    referrerHost: text("referrer_host"),
    browser: text("browser").notNull(),
    os: text("os").notNull(),
    device: text("device", { enum: deviceClasses }).notNull(),
    isBot: integer("is_bot", { mode: "boolean" }).notNull(),
    /** A hash of address, user agent and the day's salt: the same visitor on one day, nobody on the next. */
    visitorKey: integer("visitor_key").notNull(),
    /** The name of the browser's identity (its random name, or the account's) when the browser sends it. */
    visitorName: text("visitor_name"),
    /** Only when the settings keep full addresses. */
    ipAddress: text("ip_address"),
  },
  (t) => [index("page_views_day_idx").on(t.day)],
);

/**
 * The visit log of finished days, summed per dimension ("total", "bots", "page", "referrer", "browser", "os",
 * "device", "locale") and value, so the dashboard reads a few hundred rows instead of every view. Visitor keys
 * change every day, so a period's visitors are the sum of its days'. A day has its summaries when its "total"
 * row exists.
 */
export const pageViewDays = sqliteTable(
  "page_view_days",
  {
    dimension: text("dimension").notNull(),
    day: integer("day").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.value] })],
);

/** The salt of each day's visitor keys, shared by every instance; deleted once its day is over. */
export const visitorSalts = sqliteTable("visitor_salts", {
  day: integer("day").primaryKey(),
  salt: text("salt").notNull(),
});

/** Batches of views already written, so a batch retried after a lost answer is not written twice. */
export const pageViewBatches = sqliteTable("page_view_batches", {
  id: text("id").primaryKey(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

// ── Cross-process state (so several machines can share one database) ──────

/** Fixed-window counters for rate limits, keyed by purpose and subject. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * What changed, for the caches of every app instance: each instance applies the entries written by the others
 * (app/cluster/change-feed.server.ts). Ids grow in commit order; old entries are pruned.
 */
export const changeLog = sqliteTable(
  "change_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The instance that wrote the entry (it applied the change itself already). */
    origin: text("origin").notNull(),
    topic: text("topic").notNull(),
    detail: text("detail", { mode: "json" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("change_log_created_idx").on(t.createdAt)],
);

/** Background work that must happen once across all instances takes a lease by name until it expires. */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

// ── Nostr relay ─────────────────────────────────────────────────────────────

/**
 * The events the site's relay keeps. `seq` grows in commit order (AUTOINCREMENT never reuses a number, even
 * after deletions), so every instance follows new events by reading past the last `seq` it saw.
 */
export const nostrEvents = sqliteTable(
  "nostr_events",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull(),
    pubkey: text("pubkey").notNull(),
    kind: integer("kind").notNull(),
    createdAt: integer("created_at").notNull(),
    content: text("content").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[][]>().notNull(),
    sig: text("sig").notNull(),
    /** The comment an event shows (kind 1111 published for an approved comment), so it goes when the comment does. */
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    receivedAt: integer("received_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /**
     * A gift wrap sent by a connection not authenticated as a member: kept under the strangers' rule (a number
     * of days, and a number of bytes per recipient, oldest dropped first).
     */
    fromStranger: integer("from_stranger", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("nostr_events_id_unique").on(t.id),
    uniqueIndex("nostr_events_comment_unique").on(t.commentId),
    index("nostr_events_stranger_idx").on(t.fromStranger, t.receivedAt),
    index("nostr_events_pubkey_idx").on(t.pubkey, t.createdAt),
    index("nostr_events_kind_idx").on(t.kind, t.createdAt),
    index("nostr_events_created_idx").on(t.createdAt),
  ],
);

/** Single-letter tags of relay events (the first value of each), for filters like #e / #p. */
export const nostrTags = sqliteTable(
  "nostr_tags",
  {
    eventSeq: integer("event_seq")
      .notNull()
      .references(() => nostrEvents.seq, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull(),
  },
  (t) => [index("nostr_tags_lookup_idx").on(t.name, t.value), index("nostr_tags_event_idx").on(t.eventSeq)],
);

/** Secrets the site keeps for itself (its Nostr key): never part of the app configuration, never sent out. */
export const siteSecrets = sqliteTable("site_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamps.createdAt,
});

/** One-time sign-in challenges for "sign in with Nostr", each good once until it expires. */
export const nostrChallenges = sqliteTable(
  "nostr_challenges",
  {
    challenge: text("challenge").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("nostr_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Signed requests (NIP-98) already accepted, kept until they could no longer be accepted anyway: the primary
 * key makes every instance refuse a second use of one event.
 */
export const signedRequests = sqliteTable(
  "signed_requests",
  {
    eventId: text("event_id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("signed_requests_expires_idx").on(t.expiresAt)],
);

// ── Site search ─────────────────────────────────────────────────────────────

/**
 * The published pages as site search holds them (app/content/search): one row per locale and path, made from
 * the page's row and its rendering. `pageId`, `pageUpdatedAt` and `format` say which version of which row it was
 * made from, so every instance can tell which pages the index is missing or holds out of date. The words
 * themselves are in the full-text table `search_text` (drizzle/0011_search_text.sql; its rowid is `id`).
 */
export const searchPages = sqliteTable(
  "search_pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    locale: text("locale", { enum: ["fa", "en"] }).notNull(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    pageId: integer("page_id").notNull(),
    pageUpdatedAt: integer("page_updated_at", { mode: "timestamp_ms" }).notNull(),
    format: integer("format").notNull(),
  },
  (t) => [uniqueIndex("search_pages_locale_path_unique").on(t.locale, t.path)],
);

/** A search page's sections as written (a result's section and excerpt are read from here), in page order. */
export const searchSections = sqliteTable(
  "search_sections",
  {
    searchPageId: integer("search_page_id")
      .notNull()
      .references(() => searchPages.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    heading: text("heading").notNull(),
    /** "" = the page's top. */
    anchor: text("anchor").notNull(),
    text: text("text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchPageId, t.position] })],
);

// ── Imports from another platform (WordPress, Ghost) ──────────────────────────

export const importRunStates = ["running", "done", "failed"] as const;
export const importPhases = ["reading", "images", "writing", "done"] as const;

/**
 * Each import of an export, with its progress: written as it goes, outside the import's own transaction, so
 * every instance can show how far it is. One runs at a time (the "import" lease).
 */
export const importRuns = sqliteTable("import_runs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Which export: its platform and its old site's address ("wordpress https://blog.example.com"). */
  exportId: text("export_id").notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  state: text("state", { enum: importRunStates }).notNull().default("running"),
  phase: text("phase", { enum: importPhases }).notNull().default("images"),
  done: integer("done").notNull().default(0),
  total: integer("total").notNull().default(0),
  buildId: integer("build_id"),
  /** What was made, what went wrong (ImportReport), once done or failed. */
  report: text("report", { mode: "json" }),
  ...timestamps,
});

export const importedKinds = ["item", "comment", "image"] as const;

/**
 * What an import made of each of an export's keys ("post:12" → "fa:/books/x", "comment:55" → a comment's id,
 * an image's address → its media file): importing the same export again finds it here and adds nothing.
 */
export const importedItems = sqliteTable(
  "imported_items",
  {
    exportId: text("export_id").notNull(),
    key: text("key").notNull(),
    kind: text("kind", { enum: importedKinds }).notNull(),
    target: text("target").notNull(),
    /** Items that are translations of one another share it (the export's translation group). */
    translationGroup: text("translation_group"),
    runId: integer("run_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.key] })],
);

/**
 * The commits an import run has written into the open build, batch by batch: until the run is done they are
 * its to take back (a run that fails or stops has them removed, and publishing waits for a run still writing).
 */
export const importCommits = sqliteTable(
  "import_commits",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    commitId: integer("commit_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.commitId] })],
);

/**
 * Images an import has checked and re-encoded, kept here until the run's write turns them into the
 * build's commits (so the images are never all in memory at once); removed with their run's end.
 */
export const importMedia = sqliteTable(
  "import_media",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    file: text("file").notNull(),
    data: blob("data", { mode: "buffer" }).$type<Buffer>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.address] })],
);

/**
 * An export sent from the dashboard, kept (not in any instance's memory or disk) from its preview until it is
 * imported: the preview and the import may be answered by different instances. One per member: a new upload
 * replaces theirs.
 */
export const importUploads = sqliteTable("import_uploads", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["wordpress", "ghost"] }).notNull(),
  name: text("name").notNull().default(""),
  data: blob("data", { mode: "buffer" }).$type<Buffer>().notNull(),
  /**
   * What `data` holds: the export as read ("packed", app/import/packed-export.server.ts) or as the member sent it
   * ("raw", every upload kept before exports were kept as read). Said here, never guessed from the bytes: a member's
   * bytes that look packed are still theirs to be read as an export.
   */
  format: text("format", { enum: ["raw", "packed"] })
    .notNull()
    .default("raw"),
  ...timestamps,
});

// ── E-mail ──────────────────────────────────────────────────────────────────

export const mailStates = ["pending", "sending", "sent", "failed"] as const;

/**
 * The outbox: every message the site sends, sent by whichever instance claims it (decision 036). "sending" is
 * written before the SMTP transaction, so a row found "sending" after its claim ran out is one whose sender died
 * mid-send: it is sent again with the same Message-ID. A sent message keeps its headers, not its body (its links
 * are credentials).
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Given at creation and kept through every attempt, so a repeated delivery is recognisably the same message. */
    messageId: text("message_id").notNull(),
    /** What the message is for ("addressConfirm", "passwordReset", "test"), as the dashboard names it. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** The message's unsubscribe link (its List-Unsubscribe header), for messages that have one; dropped once sent. */
    unsubscribeUrl: text("unsubscribe_url"),
    state: text("state", { enum: mailStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Claimed in this order, lowest first: the accounts' links before notices, notices before the newsletter. */
    priority: integer("priority").notNull().default(1),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    claimedBy: text("claimed_by"),
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    /** The last failure, as the dashboard shows it (a catalog key), never the server's own words. */
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_unique").on(t.messageId),
    index("mail_outbox_due_idx").on(t.state, t.priority, t.nextAttemptAt),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

// ── The newsletter ──────────────────────────────────────────────────────────

export const newsletterLanguages = ["fa", "en", "both"] as const;

/**
 * Readers who confirmed, from the link sent to them, that they want the site's new posts by e-mail. An address is
 * written here only when its link is used (nothing is kept before), and removed when it unsubscribes.
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    /** The posts they receive: of the Persian site, the English one, or both. */
    languages: text("languages", { enum: newsletterLanguages }).notNull(),
    /** The language their messages are written in (the one they subscribed in). */
    locale: text("locale", { enum: ["fa", "en"] }).notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(sql`${t.email} COLLATE NOCASE`),
    index("newsletter_subscribers_confirmed_idx").on(t.confirmedAt),
  ],
);

/**
 * Addresses removed from the newsletter while a confirmation link for them may still work, as a hash (the address
 * itself is forgotten): a link issued before the removal cannot subscribe them again. Kept as long as a link lasts.
 */
export const newsletterRemovals = sqliteTable(
  "newsletter_removals",
  {
    addressHash: text("address_hash").primaryKey(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("newsletter_removals_removed_idx").on(t.removedAt)],
);

/**
 * Posts a build made public for the first time, waiting to be sent: written in the publishing transaction, due at
 * the build's publication or, for a scheduled post, at its time. A send takes them when they are due and public.
 */
export const newsletterPosts = sqliteTable(
  "newsletter_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    buildId: integer("build_id").notNull(),
    locale: text("locale", { enum: ["fa", "en"] }).notNull(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    /** The send that took it; null while it waits. */
    sendId: integer("send_id"),
  },
  (t) => [
    uniqueIndex("newsletter_posts_build_page_unique").on(t.buildId, t.locale, t.path),
    index("newsletter_posts_waiting_idx").on(t.sendId, t.dueAt),
  ],
);

/**
 * One newsletter: a build's new posts (or a scheduled release's) to every subscriber of their languages. `key` is
 * unique ("<build>@<due time>"), so two instances make one send; `cursor` is the last subscriber id fanned out into
 * the outbox, so a restart goes on from there.
 */
export const newsletterSends = sqliteTable(
  "newsletter_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    buildId: integer("build_id").notNull(),
    recipients: integer("recipients").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    /** When every subscriber had their message queued. */
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("newsletter_sends_key_unique").on(t.key)],
);

/**
 * One message of a send to one subscriber: the primary key is what makes "once" hold, inserted in the transaction
 * that queues the outbox row it names (its delivered/failed state is that row's).
 */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    sendId: integer("send_id").notNull(),
    subscriberId: integer("subscriber_id").notNull(),
    outboxId: integer("outbox_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.subscriberId] }),
    index("newsletter_deliveries_outbox_idx").on(t.outboxId),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
  ],
);

export const emailTokenPurposes = ["confirm", "reset"] as const;

/**
 * Links sent by e-mail: confirming an address, resetting a password. Only the token's hash is kept; a token is
 * used once and lasts an hour.
 */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: emailTokenPurposes }).notNull(),
    /** The address the link was sent to (for "confirm", the address being confirmed). */
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("email_tokens_hash_unique").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId)],
);

// ── Notices by e-mail ───────────────────────────────────────────────────────

/**
 * Every notice decided for a member, keyed by what it is about: the unique key makes a notice once-only across
 * instances, as the row is inserted in the same transaction as its message's outbox row. `item` is what the
 * notice is about (a comment's id, a day for the moderators' digest, the relay sequence for a message).
 */
export const noticesSent = sqliteTable(
  "notices_sent",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "waiting", "held" (a waiting comment past the day's few, for the digest), "digest", "approved", "reply", "inbox". */
    kind: text("kind").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    item: text("item").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("notices_sent_unique").on(t.kind, t.userId, t.item),
    index("notices_sent_user_idx").on(t.userId, t.kind, t.createdAt),
  ],
);

/**
 * Addresses anonymous commenters left to hear about their comments (never shown outside this table: not in a
 * page, an event or an API). Nothing is sent to one but its confirmation until its holder confirms; unconfirmed
 * ones are forgotten after a while, and unsubscribing forgets the address.
 */
export const commenterAddresses = sqliteTable(
  "commenter_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("commenter_addresses_email_unique").on(sql`${t.email} COLLATE NOCASE`),
    index("commenter_addresses_confirmed_idx").on(t.confirmedAt, t.createdAt),
  ],
);

/** Which address hears about an anonymous comment (one per comment; gone with the comment or the address). */
export const commentNotifyAddresses = sqliteTable(
  "comment_notify_addresses",
  {
    commentId: integer("comment_id")
      .primaryKey()
      .references(() => comments.id, { onDelete: "cascade" }),
    addressId: integer("address_id")
      .notNull()
      .references(() => commenterAddresses.id, { onDelete: "cascade" }),
  },
  (t) => [index("comment_notify_addresses_address_idx").on(t.addressId)],
);

/** The notices sent to commenters' addresses, unique by kind, address and comment: each is sent once. */
export const commenterNoticesSent = sqliteTable(
  "commenter_notices_sent",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    addressId: integer("address_id")
      .notNull()
      .references(() => commenterAddresses.id, { onDelete: "cascade" }),
    item: text("item").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("commenter_notices_sent_unique").on(t.kind, t.addressId, t.item)],
);

/** The notices a member turned off (a list such as "notify.moderation"), from the profile or a message's link. */
export const noticeOptOuts = sqliteTable(
  "notice_opt_outs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    list: text("list").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
);
