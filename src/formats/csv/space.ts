// White space as Go's unicode.IsSpace sees it, for the CSV reader's trimming
// (encoding/csv TrimLeadingSpace, bytes.TrimSpace in Zed's quote repair) and
// the writer's quoting rule.

/** unicode.IsSpace for one UTF-16 unit (every Unicode space is in the BMP). */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** `s` without its leading white space. */
export function trimLeft(s: string): string {
  let i = 0;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i === 0 ? s : s.slice(i);
}
