// The production image copies src/ and the production dependencies only
// (Dockerfile): a module under src/ that reaches tools/, bench/, test/ or a
// devDependency works in development and fails in production. This reads every
// import specifier under src/ and checks where it leads.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Comments, and string and template literals, in one pass, so that neither hides nor fakes the other. */
const COMMENT_OR_STRING = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`/g;

/** Where a literal (written as «n» once comments and literals are lifted out) names a module or a file beside the module. */
const SPECIFIER_PLACES = [
  /\b(?:from|import)\s*«(\d+)»/g, // import … from 'x', export … from 'x', import 'x'
  /\b(?:import|require|require\.resolve)\s*\(\s*«(\d+)»/g, // import('x'), require('x')
  /\bnew\s+URL\s*\(\s*«(\d+)»\s*,\s*import\.meta\.url/g, // a worker's or an asset's file
];
/** The places that import a module (not a worker's or an asset's file, which is loaded apart). */
const MODULE_IMPORTS = SPECIFIER_PLACES.slice(0, 2);
/** Calls that load a module named by an expression the scan cannot follow. */
const UNREADABLE_IMPORT = /\bimport\s*\(\s*(?!«\d+»\s*[,)])/g;

/** The module and file specifiers of one TypeScript source (a template literal's text up to its first `${`). */
function importSpecifiers(source: string, places: readonly RegExp[] = SPECIFIER_PLACES): { specifiers: string[]; unreadable: number } {
  const literals: string[] = [];
  const code = source.replace(COMMENT_OR_STRING, (token) => {
    if (token.startsWith('//') || token.startsWith('/*')) return ' ';
    literals.push(token.slice(1, -1).split('${')[0]);
    return `«${literals.length - 1}»`;
  });
  const specifiers = places.flatMap((place) => [...code.matchAll(place)].map((m) => literals[Number(m[1])]));
  return { specifiers, unreadable: [...code.matchAll(UNREADABLE_IMPORT)].length };
}

/** The package a bare specifier names ('@scope/name/deep' → '@scope/name'). */
const packageOf = (specifier: string): string => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Every import under `srcDir` that the production image could not follow, as "file: specifier (why)". */
async function importsLeavingSrc(srcDir: string, dependencies: ReadonlySet<string>): Promise<string[]> {
  const problems: string[] = [];
  const files = (await fs.readdir(srcDir, { recursive: true })).filter((f) => f.endsWith('.ts')).sort();
  for (const file of files) {
    const full = path.join(srcDir, file);
    const { specifiers, unreadable } = importSpecifiers(await fs.readFile(full, 'utf8'));
    if (unreadable > 0) problems.push(`${file}: import() of an expression (name the module with a literal so this check can follow it)`);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        const inside = path.relative(srcDir, path.resolve(path.dirname(full), specifier));
        if (inside.startsWith('..') || path.isAbsolute(inside)) problems.push(`${file}: ${specifier} (outside src/)`);
      } else if (specifier.startsWith('/') || /^[a-z]+:/i.test(specifier)) {
        if (!isBuiltin(specifier)) problems.push(`${file}: ${specifier} (an absolute path or URL)`);
      } else if (!isBuiltin(specifier) && !dependencies.has(packageOf(specifier))) {
        problems.push(`${file}: ${specifier} (not a production dependency in package.json)`);
      }
    }
  }
  return problems;
}

async function productionDependencies(): Promise<Set<string>> {
  const manifest = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return new Set(Object.keys(manifest.dependencies ?? {}));
}

test('every import under src/ stays in src/ or names a Node module or a production dependency', async () => {
  assert.deepEqual(await importsLeavingSrc(path.join(ROOT, 'src'), await productionDependencies()), []);
});

test('the scan finds each way of reaching outside src/, and nothing in comments or strings', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'src-imports-'));
  t.after(() => fs.rm(dir, { recursive: true, force: true }));
  const src = path.join(dir, 'src');
  await fs.mkdir(path.join(src, 'engine'), { recursive: true });
  await fs.writeFile(
    path.join(src, 'engine', 'planted.ts'),
    [
      "import { a } from './inside.ts';",
      "import type { B } from '../domain/b.ts';",
      "import {\n  c,\n  d,\n} from '../../tools/synth/index.ts';",
      "export { e } from '../../bench/lib/bench-sets.ts';",
      "import '../../test/support/no-network.ts';",
      "const f = await import('../../tools/demo/main.ts');",
      "new Worker(new URL('../../tools/synth/dataset-worker.ts', import.meta.url));",
      'const g = readFileSync(new URL(`../../bench/${name}.json`, import.meta.url));',
      "import sharp from 'sharp';",
      "import { chromium } from 'playwright-core';",
      "import fs from 'node:fs';",
      "const h = await import(name);",
      "// import { old } from '../../tools/old.ts';",
      "/* export * from '../../bench/old.ts'; */",
      "const message = \"copied from '../../test/x.ts'\";",
    ].join('\n'),
  );
  assert.deepEqual(await importsLeavingSrc(src, new Set(['sharp'])), [
    'engine/planted.ts: import() of an expression (name the module with a literal so this check can follow it)',
    'engine/planted.ts: ../../tools/synth/index.ts (outside src/)',
    'engine/planted.ts: ../../bench/lib/bench-sets.ts (outside src/)',
    'engine/planted.ts: ../../test/support/no-network.ts (outside src/)',
    'engine/planted.ts: playwright-core (not a production dependency in package.json)',
    'engine/planted.ts: ../../tools/demo/main.ts (outside src/)',
    'engine/planted.ts: ../../tools/synth/dataset-worker.ts (outside src/)',
    'engine/planted.ts: ../../bench/ (outside src/)',
  ]);
});

/** The import circles among the modules under `srcDir` (each as its files in order, from the one the search reached first), type-only imports included (a circle ties two modules' meaning together); a worker's file named by its URL is loaded apart and makes none. */
async function importCircles(srcDir: string): Promise<string[][]> {
  const files = (await fs.readdir(srcDir, { recursive: true })).filter((f) => f.endsWith('.ts')).sort();
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { specifiers } = importSpecifiers(await fs.readFile(path.join(srcDir, file), 'utf8'), MODULE_IMPORTS);
    const local = specifiers.filter((s) => s.startsWith('.') && s.endsWith('.ts')).map((s) => path.relative(srcDir, path.resolve(path.dirname(path.join(srcDir, file)), s)));
    edges.set(file, [...new Set(local)].filter((f) => f !== file));
  }
  // Depth-first search; a back edge closes a circle.
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return circles;
}

test('no module under src/ imports itself through others', async () => {
  assert.deepEqual(await importCircles(path.join(ROOT, 'src')), []);
});

test('the circle scan finds a circle of two modules and one of three, type-only imports too', async (t) => {
  const src = await fs.mkdtemp(path.join(os.tmpdir(), 'src-circles-'));
  t.after(() => fs.rm(src, { recursive: true, force: true }));
  await fs.mkdir(path.join(src, 'domain'));
  const files: Record<string, string> = {
    'domain/deps.ts': "import type { Sync } from './sync.ts';",
    'domain/sync.ts': "import { deps } from './deps.ts';",
    'a.ts': "import { b } from './b.ts';",
    'b.ts': "import { c } from './c.ts';",
    'c.ts': "import type { A } from './a.ts';\nimport { deps } from './domain/deps.ts';",
    'worker.ts': "import { c } from './c.ts';\nexport const w = new Worker(new URL('./worker.ts', import.meta.url));",
  };
  for (const [file, source] of Object.entries(files)) await fs.writeFile(path.join(src, file), source);
  assert.deepEqual(await importCircles(src), [['a.ts', 'b.ts', 'c.ts'], ['domain/deps.ts', 'domain/sync.ts']]);
});
