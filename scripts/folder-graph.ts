/**
 * The folder-level import graph of app/: which top-level folder (or top-level file) imports which and how many
 * times, the groups of folders that import each other (strongly connected components), and every import that runs
 * against the layers of eslint-rules/app-layers.js (the base up into a domain or the edge, a domain into the edge,
 * a domain into another along no named composition).
 *
 *   npx tsx scripts/folder-graph.ts            the whole report
 *   npx tsx scripts/folder-graph.ts --check    only what runs against the layers; exits 1 if anything does
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { appLayers } from "../eslint-rules/app-layers.js";

const root = path.resolve(import.meta.dirname, "..", "app");
const codeFile = /\.(ts|tsx|js|jsx|mjs)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : codeFile.test(name) ? [full] : [];
  });
}

/** The top-level name under app/ of a path ("auth", "config.server"), or null outside app/. */
function placeOf(absolute: string): string | null {
  const relative = path.relative(root, absolute);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0]!.replace(codeFile, "");
}

type Import = { file: string; specifier: string; target: string; from: string; to: string };

function importsOf(file: string): Import[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const from = placeOf(file)!;
  return info.importedFiles.flatMap(({ fileName: specifier }) => {
    if (specifier.includes("/+types/")) return [];
    let target: string;
    if (specifier.startsWith("~/")) target = path.join(root, specifier.slice(2));
    else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
    else return [];
    target = target.replace(/\?.*$/, "");
    const to = placeOf(target);
    if (to === null || to === from || /\.(css|svg|png|json)$/.test(to)) return [];
    return [{ file: path.relative(root, file), specifier, target, from, to }];
  });
}

/** Tarjan's strongly connected components over the folder graph, largest first; single folders left out. */
function groups(nodes: string[], edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  function visit(node: string) {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  }
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found.sort((a, b) => b.length - a.length);
}

const layerOf = (name: string) =>
  appLayers.base.includes(name)
    ? "base"
    : Object.hasOwn(appLayers.domains, name)
      ? "domain"
      : appLayers.edge.includes(name)
        ? "edge"
        : "unplaced";

const named = (p: string) => path.relative(path.dirname(root), p).replace(codeFile, "").split(path.sep).join("/");
/** Whether the import is one the layers list as an exception. */
const isException = ({ file, target }: Import) =>
  appLayers.exceptions.some((e) => e.file === `app/${file.split(path.sep).join("/")}` && e.imports === named(target));

/** Why an import breaks the layers, or null when it keeps them. */
function breach(i: Import): string | null {
  const { from, to } = i;
  const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
  if (fromLayer === "unplaced" || toLayer === "unplaced") return "in no layer";
  if (fromLayer === "edge" || toLayer === "base") return null;
  if (toLayer === "edge") return `${fromLayer} → edge`;
  if (fromLayer === "base") return "base → domain";
  const allowed = Object.hasOwn(appLayers.domains[from]!, to);
  return allowed || isException(i) ? null : "no named composition";
}

const imports = filesUnder(root).flatMap(importsOf);
const counts = new Map<string, Map<string, number>>();
for (const { from, to } of imports) {
  const row = counts.get(from) ?? new Map<string, number>();
  row.set(to, (row.get(to) ?? 0) + 1);
  counts.set(from, row);
}
const nodes = [...new Set(imports.flatMap((i) => [i.from, i.to]))].sort();
const edges = new Map([...counts].map(([from, row]) => [from, new Set(row.keys())]));
const breaches = imports.flatMap((i) => {
  const why = breach(i);
  return why ? [{ ...i, why }] : [];
});
const cycles = groups(nodes, edges);
// The same groups once the imports listed as exceptions (each on its way out) are gone.
const lasting = imports.filter((i) => !isException(i));
const lastingEdges = new Map<string, Set<string>>();
for (const { from, to } of lasting) lastingEdges.set(from, (lastingEdges.get(from) ?? new Set()).add(to));
const lastingCycles = groups(nodes, lastingEdges);

if (!process.argv.includes("--check")) {
  console.log(`Folder imports of app/ (${imports.length} imports between ${nodes.length} folders):\n`);
  for (const from of nodes) {
    const row = [...(counts.get(from) ?? [])].sort(([a], [b]) => a.localeCompare(b));
    if (row.length === 0) continue;
    console.log(`  ${from} [${layerOf(from)}] → ${row.map(([to, n]) => `${to} ${n}`).join(", ")}`);
  }
  console.log(`\nGroups of folders that import each other (${cycles.length}):`);
  for (const group of cycles) console.log(`  ${group.length}: ${group.join(", ")}`);
  if (cycles.length === 0) console.log("  none");
  if (appLayers.exceptions.length > 0) {
    console.log(
      `\nThe same once the ${appLayers.exceptions.length} imports listed as exceptions go (${lastingCycles.length}):`,
    );
    for (const group of lastingCycles) console.log(`  ${group.length}: ${group.join(", ")}`);
    if (lastingCycles.length === 0) console.log("  none");
  }
}

const byKind = new Map<string, typeof breaches>();
for (const b of breaches) byKind.set(b.why, [...(byKind.get(b.why) ?? []), b]);
console.log(`\nImports against the layers (${breaches.length}):`);
for (const [why, list] of byKind) {
  console.log(`  ${why} (${list.length}):`);
  for (const b of list) console.log(`    ${b.file} → ${b.specifier}`);
}
if (breaches.length === 0) console.log("  none");
if (process.argv.includes("--check") && breaches.length > 0) process.exitCode = 1;
