import { useId, useState } from "react";
import { formatNumber } from "~/i18n/format";
import { foldKeyboard } from "~/i18n/fold";
import { useLocale, useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { inputClass } from "~/ui/input";
import type { TagSuggestion } from "../suggestions.server";
import { typeZwnjOnShortcut } from "../zwnj";

/** How many of the site's tags the list shows at once: typing narrows it. */
const SHOWN = 8;

/** One spelling per tag, as the site's tag pages count them (NFC, case folded; Arabic yeh and kaf as Persian). */
const tagKey = (tag: string) => foldKeyboard(tag.normalize("NFC").trim());

/**
 * Tags as chips, with the site's tags offered as a combobox: typing filters them, the arrows move through them,
 * Enter adds the one chosen or what was typed (a new tag), as do a comma (Latin or Persian) and leaving the
 * field; Backspace removes the last; Escape closes the list.
 */
export function TagsField({
  id,
  value,
  onChange,
  describedBy,
  suggestions = [],
}: {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  describedBy?: string;
  /** The site's tags in the page's language, most used first. */
  suggestions?: readonly TagSuggestion[];
}) {
  const t = useT();
  const uiLocale = useLocale();
  const listId = useId();
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const chosen = new Set(value.map(tagKey));
  const wanted = tagKey(typed);
  const matches = suggestions
    .filter((tag) => !chosen.has(tagKey(tag.name)) && tagKey(tag.name).includes(wanted))
    .slice(0, SHOWN);
  const isNew = wanted !== "" && !chosen.has(wanted) && !suggestions.some((tag) => tagKey(tag.name) === wanted);
  const options = [
    ...matches.map((tag) => ({ name: tag.name, count: tag.count })),
    ...(isNew ? [{ name: typed.trim(), count: null }] : []),
  ];
  const expanded = open && options.length > 0;

  const add = (text: string) => {
    const keys = new Set(chosen);
    const tags: string[] = [];
    for (const tag of text.split(/[,،]/).map((part) => part.trim())) {
      if (!tag || keys.has(tagKey(tag))) continue;
      keys.add(tagKey(tag));
      tags.push(tag);
    }
    if (tags.length) onChange([...value, ...tags]);
    setTyped("");
    setActive(-1);
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className="grid gap-1">
      <div
        className={cn(
          inputClass,
          "flex min-h-10 flex-wrap items-center gap-1.5 px-2 py-1.5 focus-within:outline-2 focus-within:outline-ring",
        )}
        data-testid="tags-field"
      >
        {value.map((tag) => (
          <span key={tag} className="inline-flex items-center gap-1 rounded-md bg-muted px-2 py-0.5 text-sm">
            <bdi>{tag}</bdi>
            <button
              type="button"
              aria-label={t("editor.field.removeTag", { tag })}
              onClick={() => onChange(value.filter((other) => other !== tag))}
              className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <Icon name="x" className="size-3.5" />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={typed}
          dir="auto"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          placeholder={value.length ? "" : t("editor.field.addTag")}
          className="min-w-24 flex-1 bg-transparent py-1 outline-none placeholder:text-muted-foreground"
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            const text = event.target.value;
            setOpen(true);
            setActive(-1);
            if (/[,،]/.test(text)) add(text);
            else setTyped(text);
          }}
          onKeyDown={(event) => {
            typeZwnjOnShortcut(event);
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              setOpen(true);
              if (!options.length) return;
              const last = options.length - 1;
              setActive((at) =>
                event.key === "ArrowDown" ? (at >= last ? 0 : at + 1) : at <= 0 ? last : Math.min(at - 1, last),
              );
            } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              const option = expanded && active >= 0 ? options[active] : undefined;
              add(option ? option.name : typed);
            } else if (event.key === "Escape" && expanded) {
              // The list closes; the panel around it stays open (it checks `aria-expanded` first).
              setOpen(false);
              setActive(-1);
            } else if (event.key === "Backspace" && typed === "" && value.length) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            if (typed) add(typed);
          }}
          data-testid="tags-input"
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        // Not a Tab stop (a scrolling list would be one): its options are reached from the field with the arrows.
        tabIndex={-1}
        aria-label={t("editor.tags.suggestions")}
        hidden={!expanded}
        className="grid max-h-56 overflow-y-auto rounded-md border bg-background p-1 shadow-sm"
        data-testid="tags-suggestions"
      >
        {options.map((option, index) => (
          <li
            key={`${option.count === null ? "new" : "tag"}:${option.name}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Chosen with the pointer without taking the focus from the field.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => add(option.name)}
            className={cn(
              "flex min-h-9 cursor-pointer items-center justify-between gap-3 rounded px-2 text-sm",
              index === active ? "bg-accent text-foreground" : "text-foreground hover:bg-accent/60",
            )}
            data-testid="tag-option"
          >
            {option.count === null ? (
              <span className="flex items-center gap-1.5">
                <Icon name="plus" className="size-3.5" />
                {t("editor.tags.new", { tag: option.name })}
              </span>
            ) : (
              <>
                <bdi>{option.name}</bdi>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {t("editor.tags.posts", { count: formatNumber(option.count, uiLocale) })}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
