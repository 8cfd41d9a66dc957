import { updateProfileSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { useApiForm } from "~/ui/use-api-form";
import { ProfileFields } from "./account-fields";

/** Edits the signed-in user's first name, last name and about. */
export function ProfileForm({ initial }: { initial: { firstName: string; lastName: string; about: string } }) {
  const t = useT();
  const form = useApiForm({ schema: updateProfileSchema, path: "/api/users/update-profile", method: "PUT", initial });
  return (
    <ApiForm form={form} data-testid="profile-form">
      <ProfileFields form={form} />
      <div>
        <SubmitButton pendingLabel={t("auth.profile.saving")} data-testid="profile-submit">
          {t("auth.profile.save")}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}
