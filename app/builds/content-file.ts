/**
 * Writing a content file back after an edit, changing only what the writer changed: the front matter is edited
 * in place (a field's quoting, a list's style, key order, comments and keys the site does not know all stay as
 * written), and the body's blank lines before and after the text are kept. A page opened and saved unchanged is
 * the same file byte for byte; a new page is written in the bundled content's style.
 */
import { isMap, isScalar, isSeq, parseDocument, Pair, Scalar, type Document, type YAMLMap, type YAMLSeq } from "yaml";
import {
  parseContentFile,
  frontMatterSchema,
  type FrontMatter,
  type FrontMatterInput,
  ContentParseError,
  FRONT_MATTER_KEY_ORDER,
} from "~/content/front-matter";

type Key = (typeof FRONT_MATTER_KEY_ORDER)[number];

/** Text fields a new file writes in double quotes (they often hold a colon or start with a quote mark). */
const QUOTED = new Set<Key>(["title", "description", "author", "seoTitle", "seoDescription"]);
const FLAGS = new Set<Key>(["toc", "comments", "draft", "intro"]);

const FRONT_MATTER_RE = /^(\uFEFF?---[ \t]*\r?\n)((?:[\s\S]*?\r?\n)??)(---[ \t]*(?:\r?\n|$))/;

export interface EditableFile {
  frontMatter: FrontMatter;
  /** The markdown the editor shows: the body without its blank lines before and after. */
  markdown: string;
}

/** Splits a content file into what the editor edits. Throws ContentParseError like `parseContentFile`. */
export function editableFile(source: string): EditableFile {
  const { frontMatter, body } = parseContentFile(source);
  return { frontMatter, markdown: bodyParts(body).markdown };
}

function bodyParts(body: string): { lead: string; markdown: string; trail: string } {
  const lead = /^(?:[ \t]*\r?\n)*/.exec(body)![0];
  const rest = body.slice(lead.length);
  const trail = /(?:\r?\n[ \t]*)*$/.exec(rest)![0];
  return { lead, markdown: rest.slice(0, rest.length - trail.length), trail };
}

/**
 * The file after an edit: `base` is the text the edit started from (null for a new page). Throws
 * ContentParseError when the front matter is not valid.
 */
export function composeContentFile(base: string | null, input: FrontMatterInput, markdown: string): string {
  const next = validate(input);
  const text = markdown.replace(/\r\n?/g, "\n");
  if (base === null || !FRONT_MATTER_RE.test(base)) {
    return `---\n${newFrontMatter(next)}---\n\n${text}${text.endsWith("\n") || text === "" ? "" : "\n"}`;
  }
  const match = FRONT_MATTER_RE.exec(base)!;
  const [whole, open, yamlText, close] = match as unknown as [string, string, string, string];
  const body = bodyParts(base.slice(whole.length));
  const previous = parseContentFile(base).frontMatter;
  const yaml = changedKeys(previous, next).length ? editFrontMatter(yamlText, previous, next) : yamlText;
  const lead = body.lead || "\n";
  const trail = text === "" ? "" : body.trail || "\n";
  return `${open}${yaml}${close}${lead}${text}${trail}`;
}

function validate(input: FrontMatterInput): FrontMatter {
  const result = frontMatterSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  throw new ContentParseError(`Invalid front matter: field "${field}" ${issue?.message ?? "is invalid"}.`, field);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function changedKeys(previous: FrontMatter, next: FrontMatter): Key[] {
  return FRONT_MATTER_KEY_ORDER.filter((key) => !same(previous[key], next[key]));
}

/** Whether a field at this value is left out of a file that does not have it yet. */
function isDefault(key: Key, value: unknown): boolean {
  if (FLAGS.has(key)) return false; // new files spell their flags out, as the bundled ones do
  return value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function newFrontMatter(fm: FrontMatter): string {
  const doc = parseDocument("");
  doc.contents = doc.createNode({}) as typeof doc.contents;
  for (const key of FRONT_MATTER_KEY_ORDER) {
    const value = fm[key];
    if (isDefault(key, value)) continue;
    doc.set(key, nodeFor(doc, key, value));
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

function nodeFor(doc: Document, key: Key, value: unknown, like?: unknown) {
  if (Array.isArray(value)) {
    const seq = doc.createNode(value) as YAMLSeq;
    if (isSeq(like)) seq.flow = like.flow;
    return seq;
  }
  const scalar = doc.createNode(value) as Scalar;
  if (isScalar(like) && typeof like.value === typeof value) scalar.type = like.type;
  else if (QUOTED.has(key) && typeof value === "string") scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}

/** The front matter with the changed keys written anew and every other byte as it was. */
function editFrontMatter(yamlText: string, previous: FrontMatter, next: FrontMatter): string {
  const doc = parseDocument(yamlText);
  if (!isMap(doc.contents)) {
    return newFrontMatter(next);
  }
  const map = doc.contents as YAMLMap<unknown, unknown>;
  for (const key of changedKeys(previous, next)) {
    const value = next[key];
    const index = map.items.findIndex((pair) => isScalar(pair.key) && pair.key.value === key);
    if (index >= 0) {
      // A field cleared is removed; a flag turned off stays written out as false.
      if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
        map.items.splice(index, 1);
      } else {
        map.items[index]!.value = nodeFor(doc, key, value, map.items[index]!.value);
      }
      continue;
    }
    if (isDefault(key, value) || (FLAGS.has(key) && value === false)) continue;
    // A new key goes before the first key that comes after it in the usual order.
    const later = new Set(FRONT_MATTER_KEY_ORDER.slice(FRONT_MATTER_KEY_ORDER.indexOf(key) + 1));
    const at = map.items.findIndex((pair) => isScalar(pair.key) && later.has(pair.key.value as Key));
    const pair = new Pair(doc.createNode(key), nodeFor(doc, key, value));
    if (at < 0) map.items.push(pair);
    else map.items.splice(at, 0, pair);
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
