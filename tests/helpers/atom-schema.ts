/**
 * Validates a feed against Atom's RELAX NG schema (tests/fixtures/atom.rng) with libxml2's validator (xmllint,
 * compiled to WebAssembly). Returns the validator's messages: none when the feed is valid.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

const schema = readFileSync(path.join(import.meta.dirname, "../fixtures/atom.rng"), "utf8");

export async function atomSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "feed.xml", contents: xml }],
    schema: [{ fileName: "atom.rng", contents: schema }],
    extension: "relaxng",
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
