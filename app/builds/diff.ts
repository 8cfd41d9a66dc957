/**
 * The readable diff of a commit: lines compared first (Myers' algorithm), then, where a run of removed lines
 * meets a run of added ones, each pair compared word by word, so a changed word in a long Persian paragraph
 * shows as that word, not as two whole paragraphs. Words are found by the browser's word segmenter: a ZWNJ
 * stays inside its word («می‌خواهم» is one word), as do digits of any script.
 */
export type Change = "same" | "add" | "remove";

export interface Piece {
  change: Change;
  text: string;
}

/** Myers' diff of two sequences: the shortest edit script, as runs in order. */
export function diffSequences<T>(
  a: readonly T[],
  b: readonly T[],
  equal: (x: T, y: T) => boolean = Object.is,
): { change: Change; items: T[] }[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && equal(a[x]!, b[y]!)) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk back through the trace to recover the script.
  const script: { change: Change; item: T }[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[offset + k - 1]! < vd[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = vd[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      script.push({ change: "same", item: a[--x]! });
      y--;
    }
    if (d === 0) break;
    if (x === prevX) script.push({ change: "add", item: b[--y]! });
    else script.push({ change: "remove", item: a[--x]! });
  }
  while (x > 0 && y > 0) {
    script.push({ change: "same", item: a[--x]! });
    y--;
  }
  script.reverse();
  const runs: { change: Change; items: T[] }[] = [];
  for (const { change, item } of script) {
    const last = runs.at(-1);
    if (last?.change === change) last.items.push(item);
    else runs.push({ change, items: [item] });
  }
  return runs;
}

/** Words, spaces and punctuation, in order; joined they give the text back. */
export function words(text: string): string[] {
  if (typeof Intl !== "undefined" && "Segmenter" in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
    return Array.from(segmenter.segment(text), (s) => s.segment);
  }
  return text.split(/([^\p{L}\p{N}\p{M}\u200C\u200D]+)/u).filter(Boolean);
}

export interface DiffLine {
  change: Change;
  /** The line as pieces: one for whole lines, several where only some words changed. */
  pieces: Piece[];
  /** Line numbers in the old and new text (null on the side the line is not in). */
  oldNumber: number | null;
  newNumber: number | null;
}

/**
 * Myers' work grows with the size of the texts times the number of differences: past these, lines are not
 * compared word by word and the middle of two texts (after the lines both start and end with) is shown whole.
 */
const WORDS_MAX = 1500;
export const DIFF_LINES_MAX = 1000;

/** Two lines are worth comparing word by word when they share at least a third of their words. */
function similar(a: string, b: string): boolean {
  const wa = words(a).filter((w) => w.trim());
  const wb = new Set(words(b).filter((w) => w.trim()));
  if (wa.length === 0 || wb.size === 0 || wa.length + wb.size > WORDS_MAX) return false;
  const shared = wa.filter((w) => wb.has(w)).length;
  return shared / Math.max(wa.length, wb.size) >= 1 / 3;
}

function wordPieces(oldLine: string, newLine: string): { removed: Piece[]; added: Piece[] } {
  const runs = diffSequences(words(oldLine), words(newLine));
  const removed: Piece[] = [];
  const added: Piece[] = [];
  const push = (list: Piece[], piece: Piece) => {
    const last = list.at(-1);
    if (last?.change === piece.change) last.text += piece.text;
    else list.push(piece);
  };
  runs.forEach((run, i) => {
    const text = run.items.join("");
    // A space (or punctuation) kept between two changes reads as part of them: "Edited in the browser" is one
    // insertion, not two around a shared space.
    const glue = run.change === "same" && i > 0 && i < runs.length - 1 && !/[\p{L}\p{N}]/u.test(text);
    if (glue) {
      push(removed, { change: "remove", text });
      push(added, { change: "add", text });
      return;
    }
    if (run.change !== "add") push(removed, { change: run.change, text });
    if (run.change !== "remove") push(added, { change: run.change, text });
  });
  return { removed, added };
}

function linesOf(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

/** The diff of two texts, line by line, with word-level pieces in changed lines. */
export function diffTexts(before: string, after: string): DiffLine[] {
  return diffLines(linesOf(before), linesOf(after));
}

function diffLines(a: readonly string[], b: readonly string[], firstOld = 1, firstNew = 1): DiffLine[] {
  const runs = diffSequences(a, b);
  const lines: DiffLine[] = [];
  let oldNumber = firstOld;
  let newNumber = firstNew;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (run.change === "same") {
      for (const text of run.items)
        lines.push({
          change: "same",
          pieces: [{ change: "same", text }],
          oldNumber: oldNumber++,
          newNumber: newNumber++,
        });
      continue;
    }
    const next = runs[i + 1];
    if (run.change === "remove" && next?.change === "add") {
      // A replaced block: pair its lines for a word-level view where they resemble each other.
      const removedLines = run.items;
      const addedLines = next.items;
      const removed: DiffLine[] = [];
      const added: DiffLine[] = [];
      const pairs = Math.min(removedLines.length, addedLines.length);
      for (let j = 0; j < Math.max(removedLines.length, addedLines.length); j++) {
        const oldLine = removedLines[j];
        const newLine = addedLines[j];
        if (j < pairs && similar(oldLine!, newLine!)) {
          const pieces = wordPieces(oldLine!, newLine!);
          removed.push({ change: "remove", pieces: pieces.removed, oldNumber: oldNumber++, newNumber: null });
          added.push({ change: "add", pieces: pieces.added, oldNumber: null, newNumber: newNumber++ });
        } else {
          if (oldLine !== undefined)
            removed.push({
              change: "remove",
              pieces: [{ change: "remove", text: oldLine }],
              oldNumber: oldNumber++,
              newNumber: null,
            });
          if (newLine !== undefined)
            added.push({
              change: "add",
              pieces: [{ change: "add", text: newLine }],
              oldNumber: null,
              newNumber: newNumber++,
            });
        }
      }
      lines.push(...removed, ...added);
      i++;
      continue;
    }
    for (const text of run.items) {
      if (run.change === "remove")
        lines.push({ change: "remove", pieces: [{ change: "remove", text }], oldNumber: oldNumber++, newNumber: null });
      else lines.push({ change: "add", pieces: [{ change: "add", text }], oldNumber: null, newNumber: newNumber++ });
    }
  }
  return lines;
}

export type DiffRow = { kind: "line"; line: DiffLine } | { kind: "skip"; count: number };

/** The diff with long runs of unchanged lines folded, keeping `context` lines around each change. */
export function foldUnchanged(lines: readonly DiffLine[], context = 2): DiffRow[] {
  const keep = lines.map(() => false);
  lines.forEach((line, i) => {
    if (line.change === "same") return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
  });
  const rows: DiffRow[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (keep[i]) {
      if (skipped) rows.push({ kind: "skip", count: skipped });
      skipped = 0;
      rows.push({ kind: "line", line });
    } else skipped++;
  });
  if (skipped) rows.push({ kind: "skip", count: skipped });
  return rows;
}

export interface BoundedDiff {
  rows: DiffRow[];
  /** Rows left out past the cap. */
  hidden: number;
  /** The texts' middle was too long to compare line by line: it is shown removed and added whole. */
  whole: boolean;
}

/**
 * The diff of two texts of any length at a bounded cost: the lines both start and end with are set aside first
 * (an edit is usually local), a middle longer than `maxLines` is shown whole rather than compared, unchanged runs
 * are folded and at most `maxRows` rows are given.
 */
export function boundedDiff(
  before: string,
  after: string,
  { maxLines = DIFF_LINES_MAX, maxRows = 1500 }: { maxLines?: number; maxRows?: number } = {},
): BoundedDiff {
  const a = linesOf(before);
  const b = linesOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const same = (text: string, i: number, j: number): DiffLine => ({
    change: "same",
    pieces: [{ change: "same", text }],
    oldNumber: i,
    newNumber: j,
  });
  const midA = a.slice(start, a.length - end);
  const midB = b.slice(start, b.length - end);
  const whole = midA.length + midB.length > maxLines;
  const middle = whole
    ? [
        ...midA.map((text, i): DiffLine => ({
          change: "remove",
          pieces: [{ change: "remove", text }],
          oldNumber: start + i + 1,
          newNumber: null,
        })),
        ...midB.map((text, i): DiffLine => ({
          change: "add",
          pieces: [{ change: "add", text }],
          oldNumber: null,
          newNumber: start + i + 1,
        })),
      ]
    : diffLines(midA, midB, start + 1, start + 1);
  const lines = [
    ...a.slice(0, start).map((text, i) => same(text, i + 1, i + 1)),
    ...middle,
    ...a.slice(a.length - end).map((text, i) => same(text, a.length - end + i + 1, b.length - end + i + 1)),
  ];
  const rows = foldUnchanged(lines);
  return { rows: rows.slice(0, maxRows), hidden: Math.max(0, rows.length - maxRows), whole };
}
