/** An avatar without a picture shows the first letters of up to two words of the name. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * Avatar fallback: the first letter of each of the first two words,
 * uppercased for Latin. "Curious Otter" → "CO", «سمور کنجکاو» → «سک»,
 * "madonna" → "M". Extra whitespace and ZWNJ/ZWJ are ignored.
 */
export function initialsOf(name: string): string {
  return name
    .replace(INVISIBLE, "")
    .split(/\s+/u)
    .filter((word) => word.length > 0)
    .slice(0, 2)
    .map((word) => {
      const chars = Array.from(word);
      const first = chars.find((c) => /[\p{L}\p{N}]/u.test(c)) ?? chars[0]!;
      return first.toLocaleUpperCase("en");
    })
    .join("");
}
