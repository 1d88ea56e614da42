// A lexical pass over Go regexp text (regexp/syntax at Go 1.21) for what the
// re2js parser does not tell or tells differently: the name of each capturing
// group in order, where a `(?<` group starts (Go 1.21 rejects it; re2js takes
// it as a named group or lookbehind), and the text with group names dropped
// (Go allows duplicate names, re2js does not). It only tokenizes: escapes,
// \Q...\E, classes and group openings; re2js does the real parsing.

export interface PatternShape {
  /** Group names by index, '' when unnamed; index 0 is the whole match. */
  readonly names: readonly string[];
  /** Where the first `(?<` group opens, or -1. */
  readonly angleGroup: number;
  /** Whether two groups share a name. */
  readonly duplicateNames: boolean;
}

const NAME = /^[A-Za-z0-9_]+$/;

/** The end of a `[...]` class opening at `i`, or the text's length when it never closes. */
function classEnd(s: string, i: number): number {
  let j = i + 1;
  if (s[j] === '^') j++;
  // A ']' right after '[' or '[^' is a literal.
  if (s[j] === ']') j++;
  while (j < s.length) {
    const c = s[j]!;
    if (c === ']') return j + 1;
    if (c === '\\') {
      j = escapeEnd(s, j);
      continue;
    }
    if (c === '[' && s[j + 1] === ':') {
      // [:alpha:] (parseNamedClass looks for the next ":]").
      const k = s.indexOf(':]', j + 2);
      if (k >= 0) {
        j = k + 2;
        continue;
      }
    }
    j++;
  }
  return s.length;
}

/** The end of the escape starting with the backslash at `i`. */
function escapeEnd(s: string, i: number): number {
  const c = s[i + 1];
  if (c === undefined) return s.length;
  if ((c === 'p' || c === 'P' || c === 'x') && s[i + 2] === '{') {
    const k = s.indexOf('}', i + 3);
    return k < 0 ? s.length : k + 1;
  }
  // \pL names its class with the one character after the p.
  const end = next(s, i + 1);
  return (c === 'p' || c === 'P') && end < s.length ? next(s, end) : end;
}

/** Where the character at `i` ends (a surrogate pair is one character). */
function next(s: string, i: number): number {
  return i + (s.codePointAt(i)! > 0xffff ? 2 : 1);
}

/** Calls `group(i, name)` at each capturing group opening (name '' when unnamed) and returns the first `(?<` position or -1. */
function walk(s: string, group: (at: number, name: string, nameEnd: number) => void): number {
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      if (s[i + 1] === 'Q') {
        const k = s.indexOf('\\E', i + 2);
        i = k < 0 ? s.length : k + 2;
      } else {
        i = escapeEnd(s, i);
      }
      continue;
    }
    if (c === '[') {
      i = classEnd(s, i);
      continue;
    }
    if (c === '(') {
      if (s[i + 1] !== '?') {
        group(i, '', i + 1);
      } else if (s[i + 2] === 'P' && s[i + 3] === '<') {
        const k = s.indexOf('>', i + 4);
        if (k < 0) return -1;
        group(i, s.slice(i + 4, k), k + 1);
        i = k + 1;
        continue;
      } else if (s[i + 2] === '<') {
        return i;
      }
    }
    i++;
  }
  return -1;
}

export function patternShape(s: string): PatternShape {
  const names = [''];
  const angleGroup = walk(s, (_at, name) => names.push(NAME.test(name) ? name : ''));
  const seen = new Set<string>();
  let duplicateNames = false;
  for (const n of names) {
    if (n === '') continue;
    if (seen.has(n)) duplicateNames = true;
    seen.add(n);
  }
  return { names, angleGroup, duplicateNames };
}

/** `s` with each `(?P<name>` written `(`: the same groups in the same order, unnamed. */
export function withoutGroupNames(s: string): string {
  let out = '';
  let last = 0;
  walk(s, (at, name, nameEnd) => {
    // Unnamed groups stay; so do bad names, for re2js to report.
    if (!NAME.test(name)) return;
    out += s.slice(last, at) + '(';
    last = nameEnd;
  });
  return out + s.slice(last);
}
