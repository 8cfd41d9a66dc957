/**
 * The start and end tags of a document, read as the browser's tokenizer reads them: markup is whole tags (an
 * attribute's quoted value may hold `<script>` as text, as an image's description may) and comments, and a
 * script's text runs from its start tag to the first `</script` (never read as tags).
 */
export interface Tag {
  /** The whole tag as written, `<` to `>`. */
  text: string;
  start: number;
  end: number;
  /** For a `<script>` start tag: where its text ends (the `</script` after it, or the document's end). */
  scriptEnd?: number;
}

// A comment, or a whole start or end tag with its quoted attribute values (the branches begin with different
// characters, so matching stays linear).
const markup = /<!--[\s\S]*?(?:-->|$)|<\/?[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>/g;

export function* tagsOf(html: string): Generator<Tag> {
  const lower = html.toLowerCase();
  const pattern = new RegExp(markup.source, "g");
  for (let found = pattern.exec(html); found; found = pattern.exec(html)) {
    if (found[0].startsWith("<!--")) continue;
    const tag: Tag = { text: found[0], start: found.index, end: found.index + found[0].length };
    if (/^<script[\s/>]/i.test(tag.text)) {
      const close = lower.indexOf("</script", tag.end);
      tag.scriptEnd = close === -1 ? html.length : close;
      pattern.lastIndex = tag.scriptEnd;
    }
    yield tag;
  }
}

/** A tag's attributes, by name, as written (quoted with `"`, as React writes them). */
export function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries(
    [...tag.matchAll(/\s([a-zA-Z][\w:-]*)(?:="([^"]*)")?/g)].map(([, name, value]) => [name!, value ?? ""]),
  );
}
