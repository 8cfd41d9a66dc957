import { useEffect, useRef, useState } from "react";
import { formatNumber } from "~/i18n/format";
import type { MessageKey } from "~/i18n/translate";
import { useLocale, useT } from "~/i18n/use-t";
import { validate, type Issue } from "~/lib/validation";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input, inputClass } from "~/ui/input";
import { useApiAction } from "~/ui/use-api";
import { defaultMenu, menuKinds, type MenuChoices, type MenuItem, type MenuKind } from "../app-config";
import { MENU_MAX, saveMenuSchema } from "../schema";

/** An item being edited, with an id of its own so a moved row keeps its inputs and focus. */
type Row = MenuItem & { id: number };

let nextId = 0;
const rowsOf = (menu: MenuItem[]): Row[] => menu.map((item) => ({ ...item, id: nextId++ }));
const itemsOf = (rows: Row[]): MenuItem[] => rows.map(({ id: _id, ...item }) => item);

/**
 * The header menu in the settings: each item's target and labels, its place (move up and down with buttons,
 * which keep the focus on the moved item and say where it went), and one save for the whole menu.
 */
export function MenuCard({
  menu,
  version,
  choices,
  canEdit,
}: {
  menu: MenuItem[];
  version: number;
  choices: MenuChoices;
  canEdit: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const [rows, setRows] = useState(() => rowsOf(menu));
  const [issues, setIssues] = useState<Issue[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const focus = useRef<{ id: number; control: "up" | "down" } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const save = useApiAction();
  const dirty = JSON.stringify(itemsOf(rows)) !== JSON.stringify(menu);

  // A moved row's button is focused again at its new place (a button at the menu's edge gives it to the other).
  useEffect(() => {
    const moved = focus.current;
    if (!moved) return;
    focus.current = null;
    const index = rows.findIndex((row) => row.id === moved.id);
    const wanted = moved.control === "up" && index === 0 ? "down" : moved.control;
    const other = wanted === "down" && index === rows.length - 1 ? "up" : wanted;
    buttons.current.get(`${moved.id}:${other}`)?.focus();
  }, [rows]);

  const errorAt = (index: number, field: string) => {
    const found = issues.find((issue) => issue.path === `menu.${index}.${field}`);
    return found?.message;
  };
  const change = (id: number, patch: Partial<MenuItem>) => {
    // A field changed is judged again at the next save: its old message would no longer be about it.
    const index = rows.findIndex((row) => row.id === id);
    setIssues((was) => was.filter((issue) => !issue.path.startsWith(`menu.${index}.`)));
    setRows((was) => was.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  };
  const move = (index: number, by: -1 | 1) => {
    const row = rows[index]!;
    const next = [...rows];
    next.splice(index, 1);
    next.splice(index + by, 0, row);
    setRows(next);
    setIssues([]);
    focus.current = { id: row.id, control: by < 0 ? "up" : "down" };
    const label = row.label[locale] || row.target;
    setAnnouncement(t("settings.menu.moved", { label, number: formatNumber(index + by + 1, locale) }));
  };

  const submit = async () => {
    setAlert(null);
    const body = { version, menu: itemsOf(rows) };
    const checked = validate(saveMenuSchema, body, t);
    if (!checked.ok) {
      setIssues(checked.issues);
      setAlert(checked.issues.find((issue) => issue.path === "menu")?.message ?? null);
      return;
    }
    setIssues([]);
    await save.run("/api/settings/menu", {
      method: "PUT",
      body: checked.data,
      onFailure: (failure) => {
        setIssues(failure.issues);
        setAlert(failure.message);
      },
    });
  };

  const kindLabel = (kind: MenuKind) => t(`settings.menu.kind.${kind}` as MessageKey);
  return (
    <Card title={t("settings.menu.title")} description={t("settings.menu.description")} testId="menu-card">
      <p className="sr-only" aria-live="polite" data-testid="menu-announcement">
        {announcement}
      </p>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("settings.menu.empty")}</p> : null}
      <fieldset disabled={!canEdit || save.pending} className="contents">
        <ol className="grid gap-3" data-testid="menu-items">
          {rows.map((row, index) => {
            const number = formatNumber(index + 1, locale);
            return (
              <li key={row.id} className="grid gap-3 rounded-lg border p-3" data-testid="menu-item">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold">{t("settings.menu.item", { number })}</h3>
                  {canEdit ? (
                    <div className="flex gap-1">
                      <Button
                        ref={(button) => void (button && buttons.current.set(`${row.id}:up`, button))}
                        variant="outline"
                        size="icon"
                        aria-label={`${t("settings.menu.moveUp")}: ${t("settings.menu.item", { number })}`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        data-testid="menu-up"
                      >
                        <Icon name="arrow-up" />
                      </Button>
                      <Button
                        ref={(button) => void (button && buttons.current.set(`${row.id}:down`, button))}
                        variant="outline"
                        size="icon"
                        aria-label={`${t("settings.menu.moveDown")}: ${t("settings.menu.item", { number })}`}
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, 1)}
                        data-testid="menu-down"
                      >
                        <Icon name="arrow-down" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`${t("settings.menu.remove")}: ${t("settings.menu.item", { number })}`}
                        onClick={() => {
                          setRows(rows.filter((other) => other.id !== row.id));
                          setIssues([]);
                        }}
                        data-testid="menu-remove"
                      >
                        <Icon name="trash-2" />
                      </Button>
                    </div>
                  ) : null}
                </div>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <Field label={t("settings.menu.kind")} error={errorAt(index, "kind")}>
                    <select
                      value={row.kind}
                      onChange={(event) => change(row.id, { kind: event.target.value as MenuKind, target: "" })}
                      className={`${inputClass} h-10`}
                      data-testid="menu-kind"
                    >
                      {menuKinds.map((kind) => (
                        <option key={kind} value={kind}>
                          {kindLabel(kind)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label={t(`settings.menu.target.${row.kind}` as MessageKey)} error={errorAt(index, "target")}>
                    {row.kind === "link" ? (
                      <Input
                        value={row.target}
                        onChange={(event) => change(row.id, { target: event.target.value })}
                        dir="ltr"
                        inputMode="url"
                        placeholder="https://"
                        data-testid="menu-target"
                      />
                    ) : (
                      <select
                        value={row.target}
                        onChange={(event) => change(row.id, { target: event.target.value })}
                        className={`${inputClass} h-10`}
                        data-testid="menu-target"
                      >
                        <option value="">{t("settings.menu.choose")}</option>
                        {targetOptions(row, choices).map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field
                    label={t("settings.menu.labelFa")}
                    hint={t("settings.menu.labelHint")}
                    error={errorAt(index, "label.fa")}
                  >
                    <Input
                      value={row.label.fa}
                      onChange={(event) => change(row.id, { label: { ...row.label, fa: event.target.value } })}
                      dir="rtl"
                      data-testid="menu-label-fa"
                    />
                  </Field>
                  <Field
                    label={t("settings.menu.labelEn")}
                    hint={t("settings.menu.labelHint")}
                    error={errorAt(index, "label.en")}
                  >
                    <Input
                      value={row.label.en}
                      onChange={(event) => change(row.id, { label: { ...row.label, en: event.target.value } })}
                      dir="ltr"
                      data-testid="menu-label-en"
                    />
                  </Field>
                </div>
              </li>
            );
          })}
        </ol>
      </fieldset>
      {alert ? (
        <p role="alert" className="text-sm text-destructive" data-testid="menu-error">
          {alert}
        </p>
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void submit()} loading={save.pending} disabled={!dirty} data-testid="menu-save">
            {save.pending ? t("settings.menu.saving") : t("settings.menu.save")}
          </Button>
          <Button
            variant="outline"
            disabled={rows.length >= MENU_MAX || save.pending}
            onClick={() => {
              setRows([...rows, ...rowsOf([{ kind: "page", target: "", label: { fa: "", en: "" } }])]);
              setIssues([]);
            }}
            data-testid="menu-add"
          >
            <Icon name="plus" />
            {t("settings.menu.add")}
          </Button>
          <Button
            variant="ghost"
            disabled={save.pending || JSON.stringify(itemsOf(rows)) === JSON.stringify(defaultMenu)}
            onClick={() => {
              setRows(rowsOf(defaultMenu));
              setIssues([]);
            }}
            data-testid="menu-reset"
          >
            {t("settings.menu.reset")}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** The choices of an item's target, with the target it has even when it is no longer offered (a post, say). */
function targetOptions(row: MenuItem, choices: MenuChoices): { value: string; label: string }[] {
  const options =
    row.kind === "page"
      ? choices.pages.map((page) => ({ value: page.path, label: `${page.title} — ${page.path}` }))
      : row.kind === "category"
        ? choices.categories.map((category) => ({ value: category.slug, label: category.name }))
        : choices.tags.map((tag) => ({ value: tag, label: tag }));
  if (row.target && !options.some((option) => option.value === row.target)) {
    options.unshift({ value: row.target, label: row.target });
  }
  return options;
}
