import { ErrorPage } from "./error-page";
import { ForbiddenView } from "./forbidden-view";
import { SecondFactorRequiredView } from "./second-factor-required-view";

/**
 * What the root's error boundary shows: for a 403, the page that sends a member to set up two-step sign-in when
 * that is the reason, else the permission-denied page; otherwise the error page.
 */
export function ErrorView({ status, message, reason }: { status: number; message: string; reason?: string }) {
  if (status === 403) return reason === "second-factor-required" ? <SecondFactorRequiredView /> : <ForbiddenView />;
  return <ErrorPage status={status} message={message} />;
}
