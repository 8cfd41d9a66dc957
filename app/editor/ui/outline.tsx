import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";

const indent = ["", "ps-3", "ps-6"];

/** The ATX headings of levels 1 to 3 in markdown (fenced code left out): the outline's entries. */
export function headingsOf(markdown: string): { level: number; text: string }[] {
  const headings: { level: number; text: string }[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}(#{1,3})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading?.[2]) headings.push({ level: heading[1]!.length, text: heading[2] });
  }
  return headings;
}

/** The text's headings, each taking the writer to its place in the editor. */
export function Outline({ markdown }: { markdown: string }) {
  const t = useT();
  const locale = useLocale();
  const headings = headingsOf(markdown);
  if (headings.length === 0) return null;
  const go = (index: number) => {
    const target = document.querySelectorAll('[data-testid="rich-editor"] :is(h1, h2, h3)')[index];
    target?.scrollIntoView({ block: "center", behavior: "smooth" });
  };
  return (
    <details className="text-sm" data-testid="outline">
      <summary className="cursor-pointer text-muted-foreground">
        {t("editor.outline", { count: formatNumber(headings.length, locale) })}
      </summary>
      <ol className="mt-2 grid gap-1">
        {headings.map((heading, index) => (
          <li key={index} className={indent[heading.level - 1]}>
            <button type="button" className="text-start hover:underline" dir="auto" onClick={() => go(index)}>
              {heading.text}
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}
