import type { FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useT } from "~/i18n/use-t";
import { Button, buttonClass } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { Input, inputClass } from "~/ui/input";
import { cn } from "~/ui/cn";

export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  /** The first option is the "any" choice, with the value "". */
  options: { value: string; label: string }[];
}

/**
 * A dashboard list's search, filters and order: a GET form of the list's own address, so every view has an
 * address to share and works without JavaScript. With it, a changed choice applies at once; empty choices are
 * left out of the address and the list starts again at its first page.
 */
export function FilterBar({
  search,
  selects,
  testId,
}: {
  search: { label: string; placeholder: string; value: string };
  selects: FilterSelect[];
  testId?: string;
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
    }
    void navigate(params.size ? `${location.pathname}?${params}` : location.pathname);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const filtered = search.value !== "" || selects.some((select) => select.value !== "");
  return (
    // Keyed by the query: a new address (Clear, Back) shows its own choices, not the last ones picked.
    <form
      key={location.search}
      method="get"
      role="search"
      className="grid gap-3"
      onSubmit={onSubmit}
      data-testid={testId}
    >
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={`${testId}-q`}>
          {search.label}
        </label>
        <Input
          id={`${testId}-q`}
          name="q"
          type="search"
          defaultValue={search.value}
          placeholder={search.placeholder}
          dir="auto"
          data-testid="filter-q"
        />
        <Button type="submit" variant="outline" aria-label={t("manage.filters.apply")} data-testid="filter-apply">
          <Icon name="search" />
          <span className="hidden sm:inline">{t("manage.filters.apply")}</span>
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        {selects.map((select) => (
          <label key={select.name} className="grid min-w-0 gap-1 text-xs font-medium text-muted-foreground">
            {select.label}
            <select
              name={select.name}
              defaultValue={select.value}
              onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
              className={cn(inputClass, "h-10 min-w-0 text-foreground sm:w-auto")}
              data-testid={`filter-${select.name}`}
            >
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        {filtered ? (
          <Link
            to={location.pathname}
            className={cn(buttonClass({ variant: "ghost", size: "md" }), "col-span-full sm:col-span-1")}
            data-testid="filter-clear"
          >
            <Icon name="x" />
            {t("manage.filters.clear")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
