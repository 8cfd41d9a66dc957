import { useRouteLoaderData } from "react-router";
import type { Permission } from "./permissions";

/** The signed-in user as every page knows them (root loader data): small, and nothing secret. */
export interface SessionUser {
  id: number;
  userName: string;
  displayName: string;
  firstName: string;
  lastName: string;
  about: string;
  /** The key of their profile picture in the image service, or null (initials). */
  avatar: string | null;
  permissions: Permission[];
}

/** Who is signed in, from the root loader's data; null for a visitor and while rendering the root's own error. */
export function useSessionUser(): SessionUser | null {
  return (useRouteLoaderData("root") as { user?: SessionUser | null } | undefined)?.user ?? null;
}
