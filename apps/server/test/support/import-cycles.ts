import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import circles among a folder's TypeScript modules: groups of modules that import one
 * another, directly or through others (type-only imports and re-exports count: a reader follows
 * them the same way). Only relative imports are followed; a package's own entry is another
 * workspace's business.
 */
export function importCycles(roots: readonly string[]): string[][] {
  const files = roots.flatMap((root) => modulesUnder(resolve(root)));
  const edges = new Map(files.map((file) => [file, importsOf(file)]));
  return stronglyConnected(edges)
    .filter((group) => group.length > 1 || edges.get(group[0]!)?.includes(group[0]!))
    .map((group) => group.map((file) => relative(process.cwd(), file)).sort());
}

function modulesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : modulesUnder(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolved(resolve(dirname(file), name)))
    .filter((path): path is string => path !== undefined);
}

function resolved(base: string): string | undefined {
  const stem = base.replace(/\.js$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')].find(
    (candidate) => existsSync(candidate),
  );
}

/** Tarjan's strongly connected components. */
function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group);
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}
