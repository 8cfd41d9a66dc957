import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { inputClass } from "~/ui/input";
import { typeZwnjOnShortcut } from "../zwnj";

/** Tags as chips: Enter, a comma (Latin or Persian) or leaving the field adds what was typed; Backspace removes. */
export function TagsField({
  id,
  value,
  onChange,
  describedBy,
}: {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  describedBy?: string;
}) {
  const t = useT();
  const [typed, setTyped] = useState("");
  const add = (text: string) => {
    const tags = text
      .split(/[,،]/)
      .map((tag) => tag.trim())
      .filter((tag) => tag && !value.includes(tag));
    if (tags.length) onChange([...value, ...tags]);
    setTyped("");
  };
  return (
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
        aria-describedby={describedBy}
        placeholder={value.length ? "" : t("editor.field.addTag")}
        className="min-w-24 flex-1 bg-transparent py-1 outline-none placeholder:text-muted-foreground"
        onChange={(event) => {
          const text = event.target.value;
          if (/[,،]/.test(text)) add(text);
          else setTyped(text);
        }}
        onKeyDown={(event) => {
          typeZwnjOnShortcut(event);
          if (event.key === "Enter") {
            event.preventDefault();
            add(typed);
          } else if (event.key === "Backspace" && typed === "" && value.length) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={() => typed && add(typed)}
        data-testid="tags-input"
      />
    </div>
  );
}
