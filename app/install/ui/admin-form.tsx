import { AccountFields, emptyAccount } from "~/auth/ui/account-fields";
import { loadIdentityMaker, readIdentity, readProfile } from "~/keys/store";
import { useT } from "~/i18n/use-t";
import { adminFormSchema } from "~/install/schema";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Icon } from "~/ui/icon";
import { useApiForm } from "~/ui/use-api-form";

/**
 * The first administrator's account. First and last name start from this browser's identity when it has them;
 * on success the administrator is signed in. A failure is a warning toast: the server's message, explained by
 * the first issue.
 */
export function AdminForm({ adminLoaded, onResult }: { adminLoaded: boolean; onResult: (ok: boolean) => void }) {
  const t = useT();
  const profile = readProfile();
  const form = useApiForm({
    schema: adminFormSchema,
    path: "/api/install/admin-loading",
    initial: { ...emptyAccount, firstName: profile?.firstName ?? "", lastName: profile?.lastName ?? "" },
    // This browser's key, with its proof of possession, becomes the administrator's device key.
    request: async (input) => {
      const proven = readIdentity() ? (await loadIdentityMaker()).provenKey("install") : null;
      return { body: { ...input, pub: proven?.pub ?? null, proof: proven?.proof } };
    },
    successToast: () => ({
      variant: "success",
      title: t("install.toast.success"),
      description: t("install.toast.adminCreated"),
    }),
    failureToast: "warning",
    onSuccess: () => onResult(true),
    onFailure: () => onResult(false),
  });

  if (adminLoaded) {
    return (
      <div
        className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/5 p-4"
        role="status"
        data-testid="admin-ready"
      >
        <Icon name="circle-check" className="mt-0.5 size-6 shrink-0 text-success" />
        <p>{t("install.admin.created")}</p>
      </div>
    );
  }

  return (
    <ApiForm form={form} data-testid="admin-form">
      <AccountFields form={form} labels="install" />
      <SubmitButton className="justify-self-start">{t("install.admin.submit")}</SubmitButton>
    </ApiForm>
  );
}
