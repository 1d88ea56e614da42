// Regular expressions made on first use. A pattern of Unicode property
// classes (\p{L}) is parsed into its code point ranges when the RegExp is
// made, which for a module-level literal is when its module loads: about
// 0.05 to 0.5 ms each, paid by every command that loads the module (a
// short zq or lake command loads the formats, the parser and the
// formatter) whether or not it ever tests a character.

/** `new RegExp(source, flags)`, made on the first call (for patterns without the g or y flag, whose state would be shared). */
export function lazyRegExp(source: string, flags = ''): () => RegExp {
  let re: RegExp | undefined;
  return () => (re ??= new RegExp(source, flags));
}
