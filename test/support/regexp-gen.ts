// A seeded generator of Go (RE2) regexps and of strings to match them
// against, for the regexp fuzz tests: literals, escapes, classes, Unicode
// classes, groups (capturing, named, non-capturing, with flags),
// alternation, nested quantifiers (*, +, ?, {n,m}, lazy), anchors and flag
// groups, plus a few malformed pieces so error paths run too. Inputs are
// drawn from the pattern's own characters, many of them adversarial: a
// character the pattern nearly matches repeated, then one that breaks it.

export type Rand = () => number;

export function int(rand: Rand, n: number): number {
  return Math.floor(rand() * n);
}

function pick<T>(rand: Rand, xs: readonly T[]): T {
  return xs[int(rand, xs.length)]!;
}

const LITERALS = ['a', 'a', 'a', 'b', 'b', 'x', 'y', '0', '1', ' ', '-', 'é', 'Ω', '😀', '\\.', '\\*', '\\(', '\\$'];
const ESCAPES = ['\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '\\pL', '\\PL', '\\p{Greek}', '\\pN', '\\x41', '\\x{e9}', '\\101', '\\n', '\\t', '\\Qa.b\\E'];
const CLASSES = ['[ab]', '[^ab]', '[a-c]', '[a-]', '[]a]', '[^\\d]', '[[:alpha:]]', '[[:^space:]]', '[\\w-]', '[0-9a-fA-F]', '[\\p{Greek}x]', '[é-ö]', '.'];
const ANCHORS = ['^', '$', '\\A', '\\z', '\\b', '\\B'];
const FLAGS = ['i', 's', 'm', 'U', 'is', 'i-s', '-i', 'mU'];
const QUANTS = ['*', '+', '?', '*', '+', '{2}', '{0,3}', '{1,}', '{2,5}', '*?', '+?', '??', '{1,3}?'];
const BROKEN = ['(', ')', '[', '\\', '*', '{1001}', '(?<n>x)', '\\8', '[z-a]', '(?P<>a)', 'x**', '\\pX', '(?z)', '\\Q'];

export interface GenOptions {
  /** Deepest group nesting (default 3). */
  depth?: number;
  /** Chance that a pattern gets a malformed piece (default 0.05). */
  broken?: number;
}

/** One random pattern. */
export function genPattern(rand: Rand, opts: GenOptions = {}): string {
  const maxDepth = opts.depth ?? 3;
  let groupNames = 0;
  const alternation = (depth: number): string => {
    const n = rand() < 0.3 ? 2 + int(rand, 2) : 1;
    const alts: string[] = [];
    for (let i = 0; i < n; i++) alts.push(sequence(depth));
    return alts.join('|');
  };
  const sequence = (depth: number): string => {
    let s = '';
    const n = 1 + int(rand, 4);
    for (let i = 0; i < n; i++) s += term(depth);
    return s;
  };
  const term = (depth: number): string => {
    const a = atom(depth);
    if (a === '' || ANCHORS.includes(a) || a.startsWith('(?') && a.endsWith(')') && !a.includes(':')) return a;
    return rand() < 0.45 ? a + pick(rand, QUANTS) : a;
  };
  const atom = (depth: number): string => {
    const r = rand();
    if (r < 0.3) return pick(rand, LITERALS);
    if (r < 0.4) return pick(rand, ESCAPES);
    if (r < 0.52) return pick(rand, CLASSES);
    if (r < 0.58) return pick(rand, ANCHORS);
    if (r < 0.62) return `(?${pick(rand, FLAGS)})`;
    if (depth >= maxDepth) return pick(rand, LITERALS);
    const body = alternation(depth + 1);
    const g = rand();
    if (g < 0.45) return `(${body})`;
    if (g < 0.65) return `(?:${body})`;
    if (g < 0.8) return `(?P<g${groupNames++}>${body})`;
    return `(?${pick(rand, FLAGS)}:${body})`;
  };
  let p = alternation(0);
  if (rand() < (opts.broken ?? 0.05)) {
    const chars = [...p];
    chars.splice(int(rand, chars.length + 1), 0, pick(rand, BROKEN));
    p = chars.join('');
  }
  return p;
}

/** The characters a pattern spells, as candidates for its inputs. */
function alphabet(pattern: string): string[] {
  const chars = new Set<string>(['a', 'b', 'x', ' ', '\n', 'A', '0', 'é', 'α', '😀']);
  for (const c of pattern) if (!'\\()[]{}|?*+^$'.includes(c)) chars.add(c);
  return [...chars];
}

/**
 * A string for `pattern` of about `len` characters: random text, or (with
 * chance `adversarial`) one character repeated, perhaps in a short cycle,
 * with a different one at the end, the shape that makes backtracking
 * engines retry every split of the run.
 */
export function genInput(rand: Rand, pattern: string, len: number, adversarial = 0.7): string {
  const chars = alphabet(pattern);
  if (rand() >= adversarial) {
    let s = '';
    while (s.length < len) s += pick(rand, chars);
    return s;
  }
  const unit = rand() < 0.7 ? pick(rand, chars) : pick(rand, chars) + pick(rand, chars);
  const head = rand() < 0.3 ? pick(rand, chars) : '';
  const tail = rand() < 0.8 ? pick(rand, chars) : '';
  return head + unit.repeat(Math.max(1, Math.floor(len / unit.length))) + tail;
}
