// Compiles query text into a runnable pipeline. Only the pass-through forms
// ("*", "pass", and the empty query) exist until the language lands (issue #3).

import { ParseError } from '../errors/index.js';
import { passPipeline, type Pipeline } from '../runtime/index.js';

export interface CompiledQuery {
  readonly text: string;
  readonly pipeline: Pipeline;
}

export function compile(text: string): CompiledQuery {
  const q = text.replace(/\/\/[^\n]*/g, '').trim();
  if (q === '' || q === '*' || q === 'pass') return { text, pipeline: passPipeline };
  const line = 1;
  const column = text.length - text.trimStart().length + 1;
  const src = text.split('\n')[0] ?? '';
  throw new ParseError(
    'unsupported query',
    line,
    column,
    `error parsing Zed at line ${line}, column ${column}:\n${src}\n${' '.repeat(column - 1)}=== ^ ===`,
  );
}
