import { eq, inArray } from "drizzle-orm";
import { defaultRoles, permissionDescriptions, permissionNames } from "~/auth/permissions";
import { changeTransaction } from "~/cluster/change-feed.server";
import { readContentDirectory, importContent, type ContentFile } from "~/content/import.server";
import type { Database } from "~/db/client.server";
import { permissions, rolePermissions, roles, settings } from "~/db/schema";
import { defaultAppConfig } from "~/settings/app-config";

export interface DefaultsReport {
  permissions: number;
  roles: string[];
  pagesAdded: number;
  pagesKept: number;
}

/**
 * Loads the default data, idempotently and in one transaction: the permission catalogue, the built-in roles
 * (Admin holds every permission), the app configuration (kept if one exists) and the bundled content (pages
 * that exist are kept). Running it twice changes nothing the second time.
 */
export async function loadDefaultData(db: Database, content?: ContentFile[]): Promise<DefaultsReport> {
  // Read and parse the content before the transaction: a bad file fails the step without touching the database.
  const files = content ?? (await readContentDirectory());
  const report = await changeTransaction(db, async (tx, announce) => {
    await tx
      .insert(permissions)
      .values(permissionNames.map((name) => ({ name, description: permissionDescriptions[name] })))
      .onConflictDoUpdate({ target: permissions.name, set: { description: permissions.description } });

    for (const role of defaultRoles) {
      await tx
        .insert(roles)
        .values({ name: role.name, description: role.description, builtIn: true })
        .onConflictDoNothing();
    }
    const roleRows = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(
        inArray(
          roles.name,
          defaultRoles.map((r) => r.name),
        ),
      )
      .all();
    for (const role of defaultRoles) {
      const row = roleRows.find((r) => r.name === role.name);
      if (!row) continue;
      await tx
        .insert(rolePermissions)
        .values(role.permissions.map((permission) => ({ roleId: row.id, permission })))
        .onConflictDoNothing();
    }

    const existing = await tx.select().from(settings).where(eq(settings.key, "app")).get();
    if (!existing) {
      await tx.insert(settings).values({ key: "app", value: { ...defaultAppConfig, installed: false } });
      announce({ topic: "settings", detail: null });
    }

    const imported = await importContent(tx, files);
    // The site's content caches, in every instance, read the imported pages from now on.
    if (imported.added > 0) announce({ topic: "content", detail: null });
    return {
      permissions: permissionNames.length,
      roles: defaultRoles.map((r) => r.name),
      pagesAdded: imported.added,
      pagesKept: imported.kept,
    };
  });
  return report;
}
