/**
 * An RSS-shaped XML file (a WordPress export) read as a stream of records: each element directly inside
 * `<rss><channel>` is handed over as a small tree once it closes, then forgotten, so the file is never held whole.
 *
 * The parser is saxes, a well-formedness checking SAX parser, and the file is held to what an export needs:
 * - No document type: a `<!DOCTYPE` is refused before anything after it is read. Without one there is no entity
 *   to define, so nothing is expanded (no "billion laughs") and nothing outside the file is read (no external
 *   entity); saxes itself knows only XML's five entities and refuses any other.
 * - At most `maxBytes` bytes and `maxRecords` records, and elements nested at most `MAX_XML_DEPTH` deep.
 * - UTF-8 only (the encoding WordPress writes); a byte that is not UTF-8 is refused, not replaced.
 * Each refusal is a ServiceError naming the line where the file goes wrong.
 */
import { SaxesParser } from "saxes";
import type { MessageKey } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";

/** An element of a record: its name as written ("wp:post_id"), attributes, child elements and own text. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  /** The text and CDATA directly inside the element, joined. */
  text: string;
}

export interface XmlReadLimits {
  maxBytes: number;
  maxRecords: number;
}

/** Elements nested deeper than this are refused (an export nests at most five). */
export const MAX_XML_DEPTH = 32;

export type XmlInput = string | AsyncIterable<string | Uint8Array>;

/** Reads `input`, calling `onRecord` for each child of `<channel>` in order. */
export async function readXmlRecords(
  input: XmlInput,
  limits: XmlReadLimits,
  onRecord: (record: XmlNode) => void,
): Promise<void> {
  const parser = new SaxesParser({ position: true });
  const fail = (key: MessageKey, reason?: string) =>
    new ServiceError(422, key, {
      vars: { line: parser.line, column: parser.column + 1, max: MAX_XML_DEPTH },
      reason,
    });
  const open: XmlNode[] = [];
  let records = 0;
  let sawRoot = false;

  parser.on("doctype", () => {
    throw fail("import.read.doctype");
  });
  parser.on("opentag", (tag) => {
    const depth = open.length;
    if (depth === 0 && tag.name !== "rss") throw fail("import.read.notWordPress");
    if (depth === 1 && tag.name !== "channel") throw fail("import.read.notWordPress");
    if (depth >= MAX_XML_DEPTH) throw fail("import.read.tooDeep");
    sawRoot = true;
    const node: XmlNode = {
      name: tag.name,
      attributes: { ...tag.attributes } as Record<string, string>,
      children: [],
      text: "",
    };
    if (depth >= 3) open[depth - 1]!.children.push(node);
    open.push(node);
  });
  const addText = (text: string) => {
    const node = open.at(-1);
    if (node && open.length >= 3) node.text += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    const node = open.pop()!;
    if (open.length !== 2) return;
    records++;
    if (records > limits.maxRecords) {
      throw new ServiceError(422, "import.read.tooManyItems", { vars: { max: limits.maxRecords } });
    }
    onRecord(node);
  });

  const tooLarge = () =>
    new ServiceError(413, "import.read.tooLarge", { vars: { max: Math.floor(limits.maxBytes / 1_000_000) } });
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const feed = (chunk: string) => {
    try {
      parser.write(chunk);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      throw fail("import.read.badXml", error instanceof Error ? error.message : String(error));
    }
  };
  let bytes = 0;
  const chunks: AsyncIterable<string | Uint8Array> | Iterable<string> = typeof input === "string" ? [input] : input;
  for await (const chunk of chunks) {
    bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (bytes > limits.maxBytes) throw tooLarge();
    let text: string;
    try {
      text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw fail("import.read.notUtf8");
    }
    feed(text);
  }
  try {
    const rest = decoder.decode();
    if (rest) feed(rest);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw fail("import.read.notUtf8");
  }
  if (!sawRoot) throw fail("import.read.notWordPress");
  try {
    parser.close();
  } catch (error) {
    throw fail("import.read.badXml", error instanceof Error ? error.message : String(error));
  }
}

/** The first child named `name`. */
export function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((one) => one.name === name);
}

/** The text of the first child named `name` ("" when there is none). */
export function textOf(node: XmlNode, name: string): string {
  return child(node, name)?.text ?? "";
}
