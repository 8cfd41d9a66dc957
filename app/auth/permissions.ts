/** Every permission in Daftar. Permissions are checked on the server, per request, from the database. */
export const permissionNames = [
  "dashboard.read",
  "users.manage",
  "settings.edit",
  "comments.create",
  "comments.edit",
  "commit.create",
  "builds.read",
  "builds.push",
] as const;

export type Permission = (typeof permissionNames)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (permissionNames as readonly string[]).includes(value);
}

/** What each permission allows, in English: stored in the permission catalogue the installer loads. */
export const permissionDescriptions: Record<Permission, string> = {
  "dashboard.read": "Open the dashboard and read users, settings, items and categories",
  "users.manage": "Add users, create roles and change who holds which role",
  "settings.edit": "Change the site's settings",
  "comments.create": "Post comments",
  "comments.edit": "Moderate comments",
  "commit.create": "Edit content and save commits",
  "builds.read": "See builds",
  "builds.push": "Publish builds and push them to the git host",
};

/** Permissions grouped by the part of the site they open, in the order screens list them. */
export const permissionAreas: readonly {
  area: "site" | "people" | "discussion" | "content";
  permissions: readonly Permission[];
}[] = [
  { area: "site", permissions: ["dashboard.read", "settings.edit"] },
  { area: "people", permissions: ["users.manage"] },
  { area: "discussion", permissions: ["comments.create", "comments.edit"] },
  { area: "content", permissions: ["commit.create", "builds.read", "builds.push"] },
];

export interface DefaultRole {
  name: string;
  description: string;
  permissions: readonly Permission[];
}

/** The roles the installer creates. Registration gives new people the Member role. */
export const defaultRoles: readonly DefaultRole[] = [
  { name: "Admin", description: "Runs the site: every permission.", permissions: permissionNames },
  {
    name: "Editor",
    description: "Writes and publishes content: the editor, builds and the dashboard.",
    permissions: ["dashboard.read", "comments.create", "commit.create", "builds.read", "builds.push"],
  },
  {
    name: "Moderator",
    description: "Keeps the discussion clean: moderates comments from the dashboard.",
    permissions: ["dashboard.read", "comments.create", "comments.edit"],
  },
  { name: "Member", description: "A registered reader who can comment.", permissions: ["comments.create"] },
];

export const adminRoleName = "Admin";
export const memberRoleName = "Member";

/**
 * The permissions that manage the site: people, settings and what is published. Whoever holds one of them must
 * have a second factor when the owner requires it (Settings, "Sign-in").
 */
export const managingPermissions = [
  "users.manage",
  "settings.edit",
  "builds.push",
] as const satisfies readonly Permission[];

/** Whether these permissions manage the site (see `managingPermissions`). */
export function managesSite(permissions: readonly Permission[]): boolean {
  return managingPermissions.some((permission) => permissions.includes(permission));
}

/**
 * What a signed-in reader does: all a member who must set up a second factor may do, meanwhile, beyond their
 * own profile.
 */
export const readerPermissions: readonly Permission[] = ["comments.create"];
