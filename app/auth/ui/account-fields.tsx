import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/translate";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import type { TextFieldProps } from "~/ui/use-api-form";

/** The values of an account's fields, as a form holds them. */
export type AccountValues = {
  firstName: string;
  lastName: string;
  about: string;
  userName: string;
  password: string;
  confirmPassword: string;
};

export const emptyAccount: AccountValues = {
  firstName: "",
  lastName: "",
  about: "",
  userName: "",
  password: "",
  confirmPassword: "",
};

/** What the fields need of their form: any `useApiForm` with at least these text fields. */
interface FormWith<K extends string> {
  field: (name: K) => TextFieldProps;
  errors: Partial<Record<K, string>>;
}

/**
 * The labels in the catalog a page has: the account pages and dialogs read "auth", the installer (which has
 * no accounts catalog yet) "install".
 */
const labels = {
  auth: {
    firstName: "auth.field.firstName",
    lastName: "auth.field.lastName",
    about: "auth.field.about",
    optional: "auth.field.optional",
    userName: "auth.field.userName",
    userNameHint: "auth.field.userNameHint",
    password: "auth.field.password",
    newPassword: "auth.field.newPassword",
    confirmPassword: "auth.field.confirmPassword",
  },
  install: {
    firstName: "install.admin.firstName",
    lastName: "install.admin.lastName",
    about: "install.admin.about",
    // The installer's administrator writes their own About.
    optional: undefined,
    userName: "install.admin.userName",
    userNameHint: undefined,
    password: "install.admin.password",
    newPassword: "install.admin.password",
    confirmPassword: "install.admin.confirmPassword",
  },
} satisfies Record<string, Record<string, MessageKey | undefined>>;

export type LabelCatalog = keyof typeof labels;

interface FieldsProps {
  labels?: LabelCatalog;
  /**
   * The fields describe someone else (an administrator adds an account): the browser must not fill them in, and
   * the About is left to its owner (optional).
   */
  forSomeoneElse?: boolean;
}

/** First name, last name and about: the part of an account its owner edits on the profile page. */
export function ProfileFields({
  form,
  labels: catalog = "auth",
  forSomeoneElse = false,
}: FieldsProps & { form: FormWith<"firstName" | "lastName" | "about"> }) {
  const t = useT();
  const label = labels[catalog];
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t(label.firstName)} error={form.errors.firstName}>
          <Input {...form.field("firstName")} autoComplete={forSomeoneElse ? "off" : "given-name"} dir="auto" />
        </Field>
        <Field label={t(label.lastName)} error={form.errors.lastName}>
          <Input {...form.field("lastName")} autoComplete={forSomeoneElse ? "off" : "family-name"} dir="auto" />
        </Field>
      </div>
      <Field
        label={t(label.about)}
        error={form.errors.about}
        optional={forSomeoneElse && label.optional ? t(label.optional) : undefined}
      >
        <Textarea {...form.field("about")} dir="auto" />
      </Field>
    </>
  );
}

/** A new password and its confirmation, each with its show/hide toggle. */
export function NewPasswordFields<N extends "password" | "newPassword">({
  form,
  name,
  labels: catalog = "auth",
}: FieldsProps & { form: FormWith<N | "confirmPassword">; name: N }) {
  const t = useT();
  const label = labels[catalog];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t(label[name])} error={form.errors[name]}>
        <PasswordInput {...form.field(name)} autoComplete="new-password" />
      </Field>
      <Field label={t(label.confirmPassword)} error={form.errors.confirmPassword}>
        <PasswordInput {...form.field("confirmPassword")} autoComplete="new-password" />
      </Field>
    </div>
  );
}

/**
 * Every field of a new account: names and about, the user name, the password and its confirmation. The register
 * form, the installer's administrator form and the add-user dialog all use it.
 */
export function AccountFields({
  form,
  labels: catalog = "auth",
  forSomeoneElse = false,
}: FieldsProps & { form: FormWith<keyof AccountValues> }) {
  const t = useT();
  const label = labels[catalog];
  return (
    <>
      <ProfileFields form={form} labels={catalog} forSomeoneElse={forSomeoneElse} />
      <Field label={t(label.userName)} error={form.errors.userName} hint={label.userNameHint && t(label.userNameHint)}>
        <Input
          {...form.field("userName")}
          autoComplete={forSomeoneElse ? "off" : "username"}
          dir="ltr"
          autoCapitalize="off"
          spellCheck={false}
          className="text-start"
        />
      </Field>
      <NewPasswordFields form={form} name="password" labels={catalog} />
    </>
  );
}
