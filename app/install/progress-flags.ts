/**
 * The installer's progress as the browser remembers it, so a reload
 * resumes where it was. The server's real state always wins over these.
 */
export interface ProgressFlags {
  databaseConnected: boolean;
  databaseMigrated: boolean;
  databaseLoaded: boolean;
  adminLoaded: boolean;
  currentStep: number;
}

export const flagKeys: Record<keyof ProgressFlags, string> = {
  databaseConnected: "install.database-connected",
  databaseMigrated: "install.database-migrated",
  databaseLoaded: "install.database-loaded",
  adminLoaded: "install.admin-loaded",
  currentStep: "install.current-step",
};

export const initialFlags: ProgressFlags = {
  databaseConnected: false,
  databaseMigrated: false,
  databaseLoaded: false,
  adminLoaded: false,
  currentStep: 0,
};

export function readFlags(): ProgressFlags {
  const flags = { ...initialFlags };
  try {
    for (const [name, key] of Object.entries(flagKeys) as [keyof ProgressFlags, string][]) {
      const raw = localStorage.getItem(key);
      if (raw === null) continue;
      (flags as Record<string, unknown>)[name] = name === "currentStep" ? Number(raw) || 0 : raw === "true";
    }
  } catch {
    // No storage (private mode): start from the server's state.
  }
  return flags;
}

export function writeFlags(flags: ProgressFlags): void {
  try {
    for (const [name, key] of Object.entries(flagKeys) as [keyof ProgressFlags, string][]) {
      localStorage.setItem(key, String(flags[name]));
    }
  } catch {
    // As above.
  }
}

export function clearFlags(): void {
  try {
    for (const key of Object.values(flagKeys)) localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

export interface ServerProgress {
  connected: boolean;
  migrated: boolean;
  loaded: boolean;
  adminLoaded: boolean;
  installed: boolean;
}

/**
 * Reconciles remembered flags with the server: flags become what the server says, and the step is the one the
 * browser was on unless the server's state does not allow it (then the furthest step it allows).
 */
export function reconcile(stored: ProgressFlags, server: ServerProgress): ProgressFlags {
  const furthest = !server.connected ? 1 : !server.migrated ? 2 : !server.loaded ? 3 : 4;
  const remembered = stored.currentStep >= 1 && stored.currentStep <= 4 ? stored.currentStep : 1;
  return {
    databaseConnected: server.connected,
    databaseMigrated: server.migrated,
    databaseLoaded: server.loaded,
    adminLoaded: server.adminLoaded,
    currentStep: Math.min(remembered, furthest),
  };
}
