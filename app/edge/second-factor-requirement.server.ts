/**
 * The owner's requirement of a second factor for the roles that manage the site (Settings, "Sign-in"): a member
 * who holds a managing permission and has neither an authenticator app nor a passkey may, until they set one up,
 * only do what a signed-in reader does (their profile, setting up the factor, signing out, reading and
 * commenting). Checked here, in the edge, for every call and page that needs a permission, since the auth domain
 * may not read the settings.
 */
import { data } from "react-router";
import type { CurrentUser } from "~/auth/current-user.server";
import { managesSite, readerPermissions, type Permission } from "~/auth/permissions";
import { hasSecondFactor } from "~/auth/second-factor-status.server";
import { getDb } from "~/db/client.server";
import { ServiceError } from "~/lib/service-error";
import { getAppConfig } from "~/settings/app-config.server";

/** The reason a refusal carries, for clients and the page's error view. */
export const secondFactorRequiredReason = "second-factor-required";

/**
 * Whether the requirement holds `user` back now: it is on (read through the cached settings, which follow the
 * change feed), their permissions manage the site, and they have no second factor.
 */
export async function mustSetUpSecondFactor(user: Pick<CurrentUser, "id" | "permissions">): Promise<boolean> {
  if (!(await secondFactorRequiredOf(user))) return false;
  return !(await hasSecondFactor(await getDb(), user.id));
}

/** Whether the requirement is on and covers `user`: then they may not remove their last factor. */
export async function secondFactorRequiredOf(user: Pick<CurrentUser, "permissions">): Promise<boolean> {
  return managesSite(user.permissions) && (await getAppConfig()).signIn.requireSecondFactor;
}

/** Whether a call or page that needs `needs` is beyond what a member held back may do. */
const beyondReader = (needs: "user" | Permission) => needs !== "user" && !readerPermissions.includes(needs);

/** For `apiRoute`: a 403 saying to set up two-step sign-in, when the requirement holds the caller back. */
export async function refuseCallWithoutSecondFactor(user: CurrentUser, needs: "user" | Permission): Promise<void> {
  if (beyondReader(needs) && (await mustSetUpSecondFactor(user))) {
    throw new ServiceError(403, "api.secondFactorRequired", { reason: secondFactorRequiredReason });
  }
}

/** For `guardedPage`: the "set up two-step sign-in" screen (a 403), when the requirement holds the member back. */
export async function refusePageWithoutSecondFactor(user: CurrentUser, needs: "user" | Permission): Promise<void> {
  if (beyondReader(needs) && (await mustSetUpSecondFactor(user))) {
    throw data({ reason: secondFactorRequiredReason }, { status: 403 });
  }
}
