#!/usr/bin/env node
// Fails when an import crosses the layers of ../shared/STYLE.md section 1:
// src/ never imports adapters/; a module of src/ imports only modules below
// it; it imports another module through an index.ts (the folder's public
// surface), not its insides; adapters import src/ only through
// src/index.ts, and storage adapters never import each other.
// Usage: node scripts/check-imports.mjs [root] (default: the working directory).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// The modules of src/ by layer: a module may import modules of lower layers
// only (not its own layer's others). src/index.ts sits above them all.
const LAYERS = [
  ['util', 'errors'],
  ['zed', 'storage'],
  ['zson'],
  ['formats', 'runtime'],
  ['compiler', 'lake'],
  ['exec'],
  ['service'],
];
const layerOf = new Map(LAYERS.flatMap((mods, i) => mods.map((m) => [m, i])));
// util has no index.ts: it is a bag of leaf helpers, each file its own module.
const NO_SURFACE = new Set(['util']);
// Adapters that implement storage ports; they never import each other.
const STORAGE_ADAPTERS = new Set(['local', 'cloudflare', 'postgres', 's3']);

const root = resolve(process.argv[2] ?? '.');

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    // Tests beside the code may reach into what they test.
    else if (/\.(ts|mts)$/.test(p) && !/\.test\.ts$/.test(p) && !p.endsWith('.d.ts')) yield p;
  }
}

/** Relative specifiers of import, export-from and import() in `text`, comments removed. */
function specifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const out = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
  for (const m of code.matchAll(re)) out.push({ spec: m[1], line: code.slice(0, m.index).split('\n').length });
  return out;
}

/** Where a path is: { top: 'src' | 'adapters' | other, mod, rest } with rest the parts inside mod. */
function place(abs) {
  const parts = relative(root, abs).split(sep);
  const [top, second, ...rest] = parts;
  if (top === 'src' && rest.length === 0) return { top, mod: 'index', rest: [second] };
  return { top, mod: second, rest };
}

const problems = [];
for (const topDir of ['src', 'adapters']) {
  for (const file of walk(join(root, topDir))) {
    const from = place(file);
    for (const { spec, line } of specifiers(readFileSync(file, 'utf8'))) {
      const to = place(resolve(dirname(file), spec));
      const where = `${relative(root, file)}:${line}`;
      const say = (why) => problems.push(`${where}: ${why}: '${spec}'`);
      if (from.top === 'src') {
        if (to.top === 'adapters') say('src/ imports adapters/');
        else if (to.top !== 'src') say('src/ imports outside src/');
        else if (to.mod === from.mod || from.mod === 'index') continue;
        else if (to.mod === 'index') say(`src/${from.mod} imports src/index.ts, the surface for adapters`);
        else if (!layerOf.has(from.mod) || !layerOf.has(to.mod)) say(`src/${from.mod} or src/${to.mod} is in no layer of scripts/check-imports.mjs`);
        else if (layerOf.get(to.mod) >= layerOf.get(from.mod)) say(`src/${from.mod} imports src/${to.mod}, which is not below it`);
        else if (!NO_SURFACE.has(to.mod) && !/^index\.(js|ts)$/.test(to.rest.at(-1) ?? '')) say(`src/${from.mod} imports the insides of src/${to.mod}, not an index.ts`);
      } else if (from.top === 'adapters') {
        if (to.top === 'src') {
          if (to.mod !== 'index') say('adapters import src/ only through src/index.ts');
        } else if (to.top === 'adapters') {
          if (to.mod !== from.mod && STORAGE_ADAPTERS.has(from.mod)) say(`storage adapter adapters/${from.mod} imports adapters/${to.mod}`);
        }
      }
    }
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`import check failed: ${problems.length} import(s) cross the layering of STYLE.md`);
  process.exit(1);
}
console.log('import check: imports follow the layering of STYLE.md');
