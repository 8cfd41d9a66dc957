import type { Permission } from "./permissions";

/** The signed-in user as every page knows them (root loader data): small, and nothing secret. */
export interface SessionUser {
  id: number;
  userName: string;
  displayName: string;
  firstName: string;
  lastName: string;
  about: string;
  permissions: Permission[];
}
