#!/usr/bin/env node
// Fails when code under src/ reaches for a runtime-specific API. The src-only
// tsconfig (no Node types) catches most of it; this catches what type-checks anyway.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const banned = [
  [/from\s+['"]node:/, 'imports node:*'],
  [/import\(\s*['"]node:/, 'imports node:*'],
  [/\brequire\s*\(/, 'uses require()'],
  [/\bBuffer\b/, 'uses Buffer'],
  [/\bprocess\s*\./, 'uses process'],
  [/\bDeno\s*\./, 'uses Deno'],
  [/\bBun\s*\./, 'uses Bun'],
  // The global eval, not a method called eval (obj.eval(v), or `eval(v: Value)` declared).
  [/(?<![.\w$])eval\s*\((?!\s*[\w$]+\s*:)/, 'uses eval'],
  [/\bnew\s+Function\s*\(/, 'uses new Function'],
];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) yield p;
  }
}

let bad = 0;
for (const file of walk('src')) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    for (const [re, what] of banned) {
      if (re.test(code)) {
        console.error(`${file}:${i + 1}: ${what}: ${line.trim()}`);
        bad++;
      }
    }
  });
}
if (bad) {
  console.error(`portability check failed: ${bad} use(s) of runtime-specific APIs under src/`);
  process.exit(1);
}
console.log('portability check: src/ uses Web-standard APIs only');
