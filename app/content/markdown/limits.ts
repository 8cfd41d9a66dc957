/**
 * What markdown the site renders: the shapes on which the parser (micromark, under remark) is slower than linear,
 * bounded before it parses, so a long text renders in time and a hostile one is refused at once with a message
 * that says where, instead of holding a worker until its time limit. The text itself is never changed.
 *
 * Measured (a 2-core machine): every mark that opens or closes a link, image, emphasis or strikethrough
 * (`[ ] * _ ~`) is matched against the others *of its paragraph*, so a paragraph of n marks costs about n²:
 * 10,000 marks in one paragraph take 2–3 s, 30,000 over 15 s ("[" × n + "]" × n, "*a_" × n, "~a" × n alike),
 * while the same marks spread over paragraphs, list items and table rows stay linear. Lists and block quotes
 * nested thousands deep overflow the stack or take minutes. Real writing is far from both: across 1,319
 * READMEs and changelogs (the node_modules of this repository) the most marks in one paragraph counted this way
 * is 841 and the deepest nesting 5 levels.
 *
 * A paragraph is counted as the lines between empty lines, cut only where a line certainly starts a new block
 * (a bullet list item, the first item of a numbered list, a heading): it may count several paragraphs as one
 * (code blocks included), never one as several, so the bound cannot be slipped past.
 */

/** Lists and block quotes nested deeper than this are refused. */
export const MAX_NESTING = 16;
/** A paragraph with more marks than this is refused (about 0.3 s of parsing at most). */
export const MAX_PARAGRAPH_MARKS = 2000;
/**
 * The sum over paragraphs of their marks squared: what the parser's work grows with. Bounds the whole text at
 * about five paragraphs at the limit above (about 1.5 s), however it is split.
 */
export const MAX_MARK_WEIGHT = 5 * MAX_PARAGRAPH_MARKS ** 2;

export type MarkdownLimitProblem =
  | { key: "content.markdown.tooDeep"; vars: { line: number; depth: number; max: number } }
  | { key: "content.markdown.tooDense"; vars: { line: number; max: number } }
  | { key: "content.markdown.tooDenseOverall"; vars: { line: number; count: number } };

const STARTS_BLOCK = /^(?:[-+*][ \t]+\S|0*1[.)][ \t]+\S|#{1,6}(?:[ \t]|$))/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;

/** The first rule the text breaks, or null when it renders within the limits. */
export function markdownLimitProblem(markdown: string): MarkdownLimitProblem | null {
  const lines = markdown.split(/\r\n|\r|\n/);
  let paragraph = { line: 1, marks: 0 };
  let worst = paragraph;
  let weight = 0;
  const start = (line: number) => {
    weight += paragraph.marks * paragraph.marks;
    if (paragraph.marks > worst.marks) worst = paragraph;
    paragraph = { line, marks: 0 };
  };
  for (let n = 0; n < lines.length; n++) {
    const text = lines[n]!;
    const prefix = containerPrefix(text);
    if (prefix.depth > MAX_NESTING) {
      return { key: "content.markdown.tooDeep", vars: { line: n + 1, depth: prefix.depth, max: MAX_NESTING } };
    }
    if (prefix.blank) {
      start(n + 2);
      continue;
    }
    const block = prefix.indent < 4 && STARTS_BLOCK.test(prefix.rest);
    if (block) start(n + 1);
    paragraph.marks += countMarks(text, prefix.markersEnd);
    if (paragraph.marks > MAX_PARAGRAPH_MARKS) {
      return { key: "content.markdown.tooDense", vars: { line: paragraph.line, max: MAX_PARAGRAPH_MARKS } };
    }
    // A heading is a line of its own: the next line starts anew.
    if (block && HEADING.test(prefix.rest)) start(n + 2);
  }
  start(lines.length + 1);
  if (weight > MAX_MARK_WEIGHT) {
    return { key: "content.markdown.tooDenseOverall", vars: { line: worst.line, count: worst.marks } };
  }
  return null;
}

interface ContainerPrefix {
  /** Nesting the line shows: its quote and list markers and, if it has any, each two columns of indentation
   * among them (a nested list item is indented at least two columns per level). */
  depth: number;
  /** Nothing but quote markers and spaces: a paragraph ends here. */
  blank: boolean;
  /** The text after the last quote marker, its indentation removed, and that indentation in columns. */
  rest: string;
  indent: number;
  /** Where the text after every marker begins. */
  markersEnd: number;
}

function containerPrefix(text: string): ContainerPrefix {
  let i = 0;
  let column = 0;
  let markers = 0;
  let spaces = 0;
  let afterQuote = 0;
  let afterQuoteColumn = 0;
  const skipSpaces = () => {
    const from = column;
    while (i < text.length && (text[i] === " " || text[i] === "\t")) {
      column = text[i] === "\t" ? column + 4 - (column % 4) : column + 1;
      i++;
    }
    return column - from;
  };
  for (;;) {
    spaces += skipSpaces();
    if (text[i] === ">") {
      markers++;
      i++;
      column++;
      // One space after the marker belongs to it.
      if (text[i] === " ") {
        i++;
        column++;
      }
      afterQuote = i;
      afterQuoteColumn = column;
      continue;
    }
    const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(text.slice(i, i + 11));
    if (!marker) break;
    markers++;
    i += marker[0].length;
    column += marker[0].length;
  }
  const markersEnd = i;
  // The indentation of the text after the last quote marker, in columns.
  i = afterQuote;
  column = afterQuoteColumn;
  const indent = skipSpaces();
  const rest = text.slice(i);
  return {
    depth: markers === 0 ? 0 : markers + Math.floor(spaces / 2),
    blank: rest.trim() === "",
    rest,
    indent,
    markersEnd,
  };
}

/** Marks from `from` on; one after a backslash is text (an escape, or inside code, where nothing is a mark). */
function countMarks(text: string, from: number): number {
  let marks = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    // [ ] * _ ~
    else if (c === 91 || c === 93 || c === 42 || c === 95 || c === 126) marks++;
  }
  return marks;
}
