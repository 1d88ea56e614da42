// Go regular expressions (RE2 syntax, package regexp) on JavaScript RegExp.
// Patterns are translated to an equivalent 'u' RegExp: flags (?imsU), scoped
// or not, are applied by rewriting since JS has no inline flags; Go's
// classes (\s, ., [[:alpha:]], \pL) keep Go's meaning; (?P<name>) groups
// become plain groups with the names kept aside. Syntax errors read as Go's
// ("error parsing regexp: missing closing ): `a(b`"). Matching is
// leftmost-first, as in Go.

export interface GoRegexp {
  /** The Go pattern text. */
  readonly source: string;
  /** The translation, with flags 'gu' (callers set lastIndex). */
  readonly re: RegExp;
  /** Number of capturing groups. */
  readonly numSubexp: number;
  /** Group names by index ('' when unnamed); index 0 is the whole match. */
  readonly names: readonly string[];
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
}

class SyntaxFail {
  constructor(readonly text: string) {}
}

const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''));
const POSIX: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  alnum: [[48, 57], [65, 90], [97, 122]],
  alpha: [[65, 90], [97, 122]],
  ascii: [[0, 127]],
  blank: [[9, 9], [32, 32]],
  cntrl: [[0, 31], [127, 127]],
  digit: [[48, 57]],
  graph: [[33, 126]],
  lower: [[97, 122]],
  print: [[32, 126]],
  punct: [[33, 47], [58, 64], [91, 96], [123, 126]],
  space: [[9, 13], [32, 32]],
  upper: [[65, 90]],
  word: [[48, 57], [65, 90], [95, 95], [97, 122]],
  xdigit: [[48, 57], [65, 70], [97, 102]],
};
const PERL_CLASS: Readonly<Record<string, string>> = {
  d: '[0-9]',
  D: '[^0-9]',
  w: '[0-9A-Za-z_]',
  W: '[^0-9A-Za-z_]',
  s: '[\\t\\n\\f\\r ]',
  S: '[^\\t\\n\\f\\r ]',
};
const IN_CLASS: Readonly<Record<string, string>> = { d: '0-9', D: '\\D', w: '0-9A-Za-z_', W: '\\W', s: '\\t\\n\\f\\r ', S: '\\S' };
const GENERAL_CATEGORY = /^(?:[CLMNPSZ]|C[cfos]|L[lmotu]|M[cen]|N[dlo]|P[cdefios]|S[ckmo]|Z[lps])$/;

function needsHex(c: number): boolean {
  return c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff);
}

function hex(c: number): string {
  return `\\u{${c.toString(16)}}`;
}

function lit(c: number): string {
  const ch = String.fromCodePoint(c);
  if (JS_SYNTAX.has(ch)) return '\\' + ch;
  return needsHex(c) ? hex(c) : ch;
}

function classLit(c: number): string {
  const ch = String.fromCodePoint(c);
  if (ch === '\\' || ch === ']' || ch === '[' || ch === '^' || ch === '-') return '\\' + ch;
  return needsHex(c) ? hex(c) : ch;
}

/** The other-case forms of code point c (simple mappings only). */
function caseVariants(c: number): number[] {
  const ch = String.fromCodePoint(c);
  const out: number[] = [];
  for (const v of [ch.toLowerCase(), ch.toUpperCase()]) {
    const cp = v.codePointAt(0)!;
    if (v.length === String.fromCodePoint(cp).length && cp !== c && !out.includes(cp)) out.push(cp);
  }
  return out;
}

class Translator {
  private pos = 0;
  private groups = 0;
  readonly names: string[] = [''];

  constructor(private readonly src: string) {}

  fail(code: string, expr: string): never {
    throw new SyntaxFail(`error parsing regexp: ${code}: \`${expr}\``);
  }

  translate(): string {
    const out = this.alternation({ i: false, m: false, s: false, U: false }, 0);
    if (this.pos < this.src.length) this.fail('unexpected )', this.src);
    return out;
  }

  get numGroups(): number {
    return this.groups;
  }

  private peek(): string {
    return this.src[this.pos] ?? '';
  }

  private cp(): number {
    return this.src.codePointAt(this.pos)!;
  }

  private next(): number {
    const c = this.cp();
    this.pos += c > 0xffff ? 2 : 1;
    return c;
  }

  private alternation(flags: Flags, depth: number): string {
    let out = '';
    for (;;) {
      out += this.sequence(flags, depth);
      if (this.peek() !== '|') return out;
      this.pos++;
      out += '|';
    }
  }

  private sequence(flags: Flags, depth: number): string {
    let out = '';
    while (this.pos < this.src.length) {
      const c = this.peek();
      if (c === '|') break;
      if (c === ')') {
        if (depth === 0) this.fail('unexpected )', this.src);
        break;
      }
      const atom = this.atom(flags, depth);
      if (atom === null) continue;
      out += this.quantified(atom, flags);
    }
    return out;
  }

  /** Parses a repetition suffix at the cursor: [text, jsText] or null. */
  private repeat(flags: Flags): [string, string] | null {
    const start = this.pos;
    const c = this.peek();
    let js: string;
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      js = c;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
      if (m === null) return null;
      const lo = Number(m[1]);
      const hi = m[3] === undefined || m[3] === '' ? -1 : Number(m[3]);
      if (lo > 1000 || hi > 1000 || (hi >= 0 && hi < lo)) this.fail('invalid repeat count', m[0]);
      this.pos += m[0].length;
      js = m[0];
    } else {
      return null;
    }
    let lazy = false;
    if (this.peek() === '?') {
      this.pos++;
      lazy = true;
    }
    if (flags.U) lazy = !lazy;
    return [this.src.slice(start, this.pos), lazy ? js + '?' : js];
  }

  private quantified(atom: string, flags: Flags): string {
    const r = this.repeat(flags);
    if (r === null) return atom;
    const second = this.pos;
    const again = this.repeat(flags);
    if (again !== null) this.fail('invalid nested repetition operator', this.src.slice(second - r[0].length, this.pos));
    return `(?:${atom})${r[1]}`;
  }

  /** One atom as JS text, or null for a flags-only group. */
  private atom(flags: Flags, depth: number): string | null {
    const start = this.pos;
    const c = this.next();
    switch (c) {
      case 0x28 /* ( */:
        return this.group(flags, depth, start);
      case 0x5b /* [ */:
        return this.charClass(flags, start);
      case 0x2e /* . */:
        return flags.s ? '[\\s\\S]' : '[^\\n]';
      case 0x5e /* ^ */:
        return flags.m ? '(?<![^\\n])' : '^';
      case 0x24 /* $ */:
        return flags.m ? '(?![^\\n])' : '$';
      case 0x2a /* * */:
      case 0x2b /* + */:
      case 0x3f /* ? */:
        return this.fail('missing argument to repetition operator', String.fromCharCode(c));
      case 0x7b /* { */: {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(start));
        if (m !== null) this.fail('missing argument to repetition operator', m[0]);
        return '\\{';
      }
      case 0x5c /* \ */:
        return this.escape(flags, start);
    }
    return this.literal(c, flags);
  }

  private literal(c: number, flags: Flags): string {
    if (flags.i) {
      const v = caseVariants(c);
      if (v.length > 0) return '[' + [c, ...v].map(classLit).join('') + ']';
    }
    return lit(c);
  }

  private group(flags: Flags, depth: number, start: number): string | null {
    let open = '(';
    // A group's flags start as its parent's; (?flags) inside it stays inside.
    let inner = { ...flags };
    const rest = this.src.slice(this.pos);
    if (rest.startsWith('?P<') || (rest.startsWith('?<') && !rest.startsWith('?<=') && !rest.startsWith('?<!'))) {
      const named = /^\?P?<([^>]*)>/.exec(rest);
      if (named === null || !/^[A-Za-z0-9_]+$/.test(named[1]!)) {
        this.fail('invalid named capture', this.src.slice(start, named === null ? this.src.length : this.pos + named[0].length));
      }
      this.pos += named[0].length;
      this.groups++;
      this.names.push(named[1]!);
    } else if (rest.startsWith('?')) {
      const m = /^\?([imsU]*)(?:-([imsU]*))?([:)])/.exec(rest);
      if (m === null || m[2] === '' || (m[1] === '' && m[2] === undefined && m[3] === ')')) {
        this.fail('invalid or unsupported Perl syntax', this.src.slice(start, Math.min(this.src.length, this.pos + 2)));
      }
      for (const f of m[1]!) inner[f as keyof Flags] = true;
      for (const f of m[2] ?? '') inner[f as keyof Flags] = false;
      this.pos += m[0].length;
      if (m[3] === ')') {
        // (?flags) changes the flags for the rest of the enclosing group.
        Object.assign(flags, inner);
        return null;
      }
      open = '(?:';
    } else {
      this.groups++;
      this.names.push('');
    }
    const body = this.alternation(inner, depth + 1);
    if (this.peek() !== ')') this.fail('missing closing )', this.src);
    this.pos++;
    return open + body + ')';
  }

  private escape(flags: Flags, start: number): string {
    if (this.pos >= this.src.length) this.fail('trailing backslash at end of expression', '');
    const c = this.next();
    const ch = String.fromCodePoint(c);
    const perl = PERL_CLASS[ch];
    if (perl !== undefined) return perl;
    switch (ch) {
      case 'A':
        return '^';
      case 'z':
        return '$';
      case 'b':
      case 'B':
        return '\\' + ch;
      case 'C':
        return '[\\s\\S]';
      case 'Q': {
        const end = this.src.indexOf('\\E', this.pos);
        const text = end < 0 ? this.src.slice(this.pos) : this.src.slice(this.pos, end);
        this.pos = end < 0 ? this.src.length : end + 2;
        let out = '';
        for (const t of text) out += this.literal(t.codePointAt(0)!, flags);
        return out;
      }
      case 'p':
      case 'P':
        return this.unicodeClass(ch, start);
    }
    return this.literal(this.escapedChar(c, start), flags);
  }

  /** The code point an escape (after its backslash, `c` consumed) denotes. */
  private escapedChar(c: number, start: number): number {
    const ch = String.fromCodePoint(c);
    switch (ch) {
      case 'a':
        return 7;
      case 'f':
        return 12;
      case 't':
        return 9;
      case 'n':
        return 10;
      case 'r':
        return 13;
      case 'v':
        return 11;
      case 'x': {
        const m = /^(?:\{([0-9A-Fa-f]+)\}|([0-9A-Fa-f]{2}))/.exec(this.src.slice(this.pos));
        const v = m === null ? NaN : parseInt(m[1] ?? m[2]!, 16);
        if (m === null || v > 0x10ffff) this.fail('invalid escape sequence', this.src.slice(start, this.pos + (m?.[0].length ?? 1)));
        this.pos += m[0].length;
        return v;
      }
    }
    if (c >= 0x30 && c <= 0x37) {
      // Octal: \0, or two or more digits; a lone \1-\7 would be a backreference.
      const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos))![0];
      if (c !== 0x30 && m === '') this.fail('invalid escape sequence', this.src.slice(start, this.pos));
      this.pos += m.length;
      return parseInt(ch + m, 8);
    }
    if (c < 0x80 && !/[0-9A-Za-z]/.test(ch)) return c;
    return this.fail('invalid escape sequence', this.src.slice(start, this.pos));
  }

  private unicodeClass(p: string, start: number): string {
    let name: string;
    if (this.peek() === '{') {
      const end = this.src.indexOf('}', this.pos);
      if (end < 0) this.fail('invalid character class range', this.src.slice(start));
      name = this.src.slice(this.pos + 1, end);
      this.pos = end + 1;
    } else {
      if (this.pos >= this.src.length) this.fail('invalid character class range', this.src.slice(start));
      name = String.fromCodePoint(this.next());
    }
    let neg = p === 'P';
    if (name.startsWith('^')) {
      neg = !neg;
      name = name.slice(1);
    }
    if (name === 'Any') return neg ? '[^\\s\\S]' : '[\\s\\S]';
    const prop = GENERAL_CATEGORY.test(name) ? name : `Script=${name}`;
    const text = `\\${neg ? 'P' : 'p'}{${prop}}`;
    try {
      new RegExp(text, 'u');
    } catch {
      this.fail('invalid character class range', this.src.slice(start, this.pos));
    }
    return text;
  }

  private charClass(flags: Flags, start: number): string {
    let neg = false;
    if (this.peek() === '^') {
      neg = true;
      this.pos++;
    }
    const ranges: [number, number][] = [];
    let extra = '';
    let first = true;
    for (;;) {
      if (this.pos >= this.src.length) this.fail('missing closing ]', this.src.slice(start));
      const c = this.peek();
      if (c === ']' && !first) {
        this.pos++;
        break;
      }
      first = false;
      const itemStart = this.pos;
      if (c === '[' && this.src[this.pos + 1] === ':') {
        const m = /^\[:(\^?)([a-z]+):\]/.exec(this.src.slice(this.pos));
        const set = m === null ? undefined : POSIX[m[2]!];
        if (m !== null && set !== undefined) {
          this.pos += m[0].length;
          ranges.push(...(m[1] === '^' ? complement(set) : set.map(([a, b]) => [a, b] as [number, number])));
          continue;
        }
      }
      let lo: number;
      if (c === '\\') {
        this.pos++;
        if (this.pos >= this.src.length) this.fail('trailing backslash at end of expression', '');
        const e = this.peek();
        const perl = IN_CLASS[e];
        if (perl !== undefined) {
          this.pos++;
          extra += perl;
          continue;
        }
        if (e === 'p' || e === 'P') {
          this.pos++;
          extra += this.unicodeClass(e, itemStart);
          continue;
        }
        lo = this.escapedChar(this.next(), itemStart);
      } else {
        lo = this.next();
      }
      let hi = lo;
      if (this.peek() === '-' && this.src[this.pos + 1] !== ']' && this.pos + 1 < this.src.length) {
        this.pos++;
        if (this.peek() === '\\') {
          const escStart = this.pos;
          this.pos++;
          hi = this.escapedChar(this.next(), escStart);
        } else {
          hi = this.next();
        }
        if (hi < lo) this.fail('invalid character class range', this.src.slice(itemStart, this.pos));
      }
      ranges.push([lo, hi]);
    }
    if (flags.i) addCaseRanges(ranges);
    let body = '';
    for (const [a, b] of ranges) body += a === b ? classLit(a) : `${classLit(a)}-${classLit(b)}`;
    return `[${neg ? '^' : ''}${body}${extra}]`;
  }
}

function complement(set: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of set) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

function addCaseRanges(ranges: [number, number][]): void {
  const n = ranges.length;
  for (let k = 0; k < n; k++) {
    const [a, b] = ranges[k]!;
    const la = Math.max(a, 97);
    const lb = Math.min(b, 122);
    if (la <= lb) ranges.push([la - 32, lb - 32]);
    const ua = Math.max(a, 65);
    const ub = Math.min(b, 90);
    if (ua <= ub) ranges.push([ua + 32, ub + 32]);
    if (a === b && a >= 0x80) for (const v of caseVariants(a)) ranges.push([v, v]);
  }
}

/** Compiles Go pattern text, or returns Go's error text. */
export function compileGoRegexp(pattern: string): GoRegexp | string {
  const t = new Translator(pattern);
  let js: string;
  try {
    js = t.translate();
  } catch (e) {
    if (e instanceof SyntaxFail) return e.text;
    throw e;
  }
  let re: RegExp;
  try {
    re = new RegExp(js, 'gu');
  } catch (e) {
    return `error parsing regexp: ${e instanceof Error ? e.message : String(e)}: \`${pattern}\``;
  }
  return { source: pattern, re, numSubexp: t.numGroups, names: t.names };
}

/** The leftmost match of `re` in `s` from `from` with its groups (undefined = unmatched), or null. */
export function execAt(re: GoRegexp, s: string, from = 0): RegExpExecArray | null {
  re.re.lastIndex = from;
  return re.re.exec(s);
}
