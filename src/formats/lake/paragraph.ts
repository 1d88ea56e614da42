// Commit messages as Zed's lake format prints them (pkg/charm FormatParagraph
// over kr/text Wrap): each blank-line separated paragraph is trimmed, its
// lines joined and re-wrapped to the width with minimal raggedness, then
// indented by `tab`.

import { encodeUtf8 } from '../../util/utf8.js';

/** The cost added for a line longer than the limit (kr/text defaultPenalty). */
const LONG_LINE_PENALTY = 1e5;

/**
 * Splits `text` into lines of at most `limit` bytes where possible, choosing
 * the breaks that minimize the sum of squared shortfalls (the last line is
 * free). Words are separated by single spaces, so runs of spaces keep empty
 * words, as kr/text does.
 */
export function wrapText(text: string, limit: number): string {
  const words = text.trim().replaceAll('\n', ' ').split(' ');
  const n = words.length;
  const size = words.map((w) => encodeUtf8(w).length);
  // width(i, j): bytes of words i..j joined by single spaces.
  const prefix = new Array<number>(n + 1).fill(0);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + size[i]!;
  const width = (i: number, j: number): number => prefix[j + 1]! - prefix[i]! + (j - i);
  const cost = new Array<number>(n).fill(Number.MAX_SAFE_INTEGER);
  const next = new Array<number>(n).fill(n);
  for (let i = n - 1; i >= 0; i--) {
    if (width(i, n - 1) <= limit || i === n - 1) {
      cost[i] = 0;
      next[i] = n;
      continue;
    }
    for (let j = i + 1; j < n; j++) {
      const w = width(i, j - 1);
      const d = limit - w;
      let c = d * d + cost[j]!;
      if (w > limit) c += LONG_LINE_PENALTY;
      if (c < cost[i]!) {
        cost[i] = c;
        next[i] = j;
      }
    }
  }
  const lines: string[] = [];
  for (let i = 0; i < n; i = next[i]!) lines.push(words.slice(i, next[i]!).join(' '));
  return lines.join('\n');
}

/** Wraps each paragraph of `body` to `width` and indents every line by `tab`; ends with a blank line. */
export function formatParagraphs(body: string, tab: string, width: number): string {
  const chunks = body.split('\n\n').map((p) => wrapText(p.trim(), width).replaceAll('\n', `\n${tab}`));
  return `${tab}${chunks.join(`\n\n${tab}`).replace(/[ \t\n]+$/, '')}\n\n`;
}
