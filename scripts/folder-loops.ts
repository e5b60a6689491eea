import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// No loop between the folders of app/ (docs/architecture.md, "Layers"): when a file of app/a
// imports app/b, no file of app/b may import app/a, directly or through other folders. A loop
// between folders has no bottom, so neither folder can be read, tested or moved without the
// other. dependency-cruiser checks loops between modules (its rule no-circular) but has no rule
// for loops between folders, so this script, run by `npm run lint:deps`, checks them. Tests are
// left out: a test beside the code may use what composes it.

/**
 * Loops known when the rule came, between folders whose own changes are moving the piece that
 * points up. This list only shrinks: a loop not on it fails, and so does an entry that is no
 * longer a loop (take it off).
 */
export const KNOWN_LOOPS: readonly string[] = [];

/** from folder → to folder → the files of `from` that import `to`. */
export type FolderEdges = Map<string, Map<string, string[]>>;

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["']#app\/([^/"']+)\//g;

/** The app/ folders a module's source imports (`#app/<folder>/…`), in order, once each. */
export function importedFolders(source: string): string[] {
  return [...new Set([...source.matchAll(IMPORT)].map((match) => match[1]))];
}

/** The imports between folders of app/ of these files (paths relative to the repository). */
export function folderEdges(files: readonly { file: string; source: string }[]): FolderEdges {
  const edges: FolderEdges = new Map();
  for (const { file, source } of files) {
    const [root, from, ...rest] = file.split("/");
    if (root !== "app" || rest.length === 0) continue; // app/*.ts compose everything
    for (const to of importedFolders(source)) {
      if (to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), file]);
      edges.set(from, targets);
    }
  }
  return edges;
}

const pair = (a: string, b: string) => (a < b ? `${a}<->${b}` : `${b}<->${a}`);

/** Each pair of folders importing each other ("a<->b", a before b). */
export function mutualPairs(edges: FolderEdges): string[] {
  const pairs = new Set<string>();
  for (const [from, targets] of edges)
    for (const to of targets.keys()) if (edges.get(to)?.has(from)) pairs.add(pair(from, to));
  return [...pairs].sort();
}

/**
 * The loops left once the known ones are set aside: each group of two or more folders that reach
 * one another (Tarjan's strongly connected components), sorted.
 */
export function folderLoops(edges: FolderEdges, known: readonly string[] = []): string[][] {
  const allowed = new Set(known);
  const next = (from: string) =>
    [...(edges.get(from)?.keys() ?? [])].filter((to) => !allowed.has(pair(from, to)));
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Every module of app/ but the tests, with its source. */
export function appFiles(root = process.cwd()): { file: string; source: string }[] {
  const found: { file: string; source: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        found.push({ file, source: fs.readFileSync(path.join(root, file), "utf8") });
    }
  };
  walk("app");
  return found;
}

/** What is wrong with app/'s folders: the loops not known, and the known ones that are gone. */
export function checkFolders(files: readonly { file: string; source: string }[], known = KNOWN_LOOPS) {
  const edges = folderEdges(files);
  const pairs = new Set(mutualPairs(edges));
  return {
    edges,
    loops: folderLoops(edges, known),
    gone: known.filter((loop) => !pairs.has(loop)),
  };
}

function main() {
  const { edges, loops, gone } = checkFolders(appFiles());
  for (const group of loops) {
    console.error(`✘ no-folder-loops: app/${group.join(", app/")} import one another:`);
    for (const from of group)
      for (const [to, files] of edges.get(from) ?? [])
        if (group.includes(to)) console.error(`    app/${from} → app/${to}: ${files.join(", ")}`);
  }
  for (const loop of gone)
    console.error(
      `✘ no-folder-loops: ${loop} is no longer a loop: take it off KNOWN_LOOPS (scripts/folder-loops.ts)`,
    );
  if (loops.length || gone.length) process.exit(1);
  console.log(`✔ no loop between the folders of app/ (${KNOWN_LOOPS.length} known ones set aside)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
