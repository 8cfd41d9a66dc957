import { newCategorySchema, renameCategorySchema } from "~/content/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

/**
 * A category's names in both languages, and for a new one its address. Adds a category (without `category`) or
 * renames one. `onDone` after a success.
 */
export function CategoryForm({
  category,
  onDone,
}: {
  category?: { slug: string; name: { fa: string; en: string } };
  onDone: () => void;
}) {
  const t = useT();
  const form = useApiForm({
    schema: category ? renameCategorySchema : newCategorySchema,
    path: category ? "/api/categories/update" : "/api/categories/new",
    method: category ? "PUT" : "POST",
    initial: { slug: category?.slug ?? "", nameFa: category?.name.fa ?? "", nameEn: category?.name.en ?? "" },
    onSuccess: onDone,
  });
  return (
    <ApiForm form={form} data-testid="category-form">
      {category ? (
        <input type="hidden" name="slug" value={form.values.slug} />
      ) : (
        <Field
          label={t("items.category.slug")}
          hint={t("items.category.slugHint", { slug: form.values.slug || "…" })}
          error={form.errors.slug}
        >
          <Input
            {...form.field("slug")}
            dir="ltr"
            autoCapitalize="none"
            spellCheck={false}
            data-testid="category-slug"
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("items.category.nameFa")} error={form.errors.nameFa}>
          <Input {...form.field("nameFa")} lang="fa" dir="rtl" data-testid="category-name-fa" />
        </Field>
        <Field label={t("items.category.nameEn")} error={form.errors.nameEn}>
          <Input {...form.field("nameEn")} lang="en" dir="ltr" data-testid="category-name-en" />
        </Field>
      </div>
      <FormDialogActions
        submitLabel={category ? t("items.category.rename") : t("items.category.add")}
        submitTestId="category-submit"
      />
    </ApiForm>
  );
}
