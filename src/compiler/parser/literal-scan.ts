// Scanners for the text of numeric, time, duration, address and bytes
// literals. Each returns the matched source text or null; the values are
// checked later, when the literal is converted (the grammar accepts a
// superset, e.g. of IPv6 forms, as Zed's does).

import type { Cursor } from './cursor.js';
import { isDigit, isHexDigit } from './chars.js';

/** UIntString: `[0-9]+` */
export function uintString(p: Cursor): string | null {
  const start = p.pos;
  if (!p.cls(isDigit)) return null;
  while (p.cls(isDigit));
  return p.textFrom(start);
}

/** Exactly `n` decimal digits. */
function digits(p: Cursor, n: number): boolean {
  return p.attempt(() => {
    for (let i = 0; i < n; i++) if (!p.cls(isDigit)) return false;
    return true;
  });
}

/** `("." [0-9]+)?` */
function optFraction(p: Cursor): void {
  p.attempt(() => p.lit('.') && uintString(p) !== null);
}

/** Runs `fn` and returns the text it matched, or null (restoring position). */
function span(p: Cursor, fn: () => boolean): string | null {
  const start = p.pos;
  return p.attempt(fn) ? p.textFrom(start) : null;
}

/** IP: dotted-quad IPv4 address. */
export function ip4(p: Cursor): string | null {
  return span(
    p,
    () =>
      uintString(p) !== null &&
      p.lit('.') &&
      uintString(p) !== null &&
      p.lit('.') &&
      uintString(p) !== null &&
      p.lit('.') &&
      uintString(p) !== null,
  );
}

function hex(p: Cursor): boolean {
  if (!p.cls(isHexDigit)) return false;
  while (p.cls(isHexDigit));
  return true;
}

const hexColon = (p: Cursor): boolean => p.attempt(() => hex(p) && p.lit(':'));
const colonHex = (p: Cursor): boolean => p.attempt(() => p.lit(':') && hex(p));
const ip6Tail = (p: Cursor): boolean => ip4(p) !== null || hex(p);

/** IP6: an IPv6 address (a superset; `h:h` alone is excluded). */
export function ip6(p: Cursor): string | null {
  const notPair = p.not(() => hex(p) && p.lit(':') && hex(p) && p.not(() => p.cls(isHexDigit) || p.lit(':')));
  if (!notPair) return null;
  return (
    span(p, () => {
      if (!hexColon(p)) return false;
      while (hexColon(p));
      return ip6Tail(p);
    }) ??
    span(p, () => {
      if (!hex(p)) return false;
      while (colonHex(p));
      if (!p.lit('::')) return false;
      while (hexColon(p));
      return ip6Tail(p);
    }) ??
    span(p, () => {
      if (!p.lit('::')) return false;
      while (hexColon(p));
      return ip6Tail(p);
    }) ??
    span(p, () => {
      if (!hex(p)) return false;
      while (colonHex(p));
      return p.lit('::');
    }) ??
    span(p, () => p.lit('::'))
  );
}

/** IP4Net: `a.b.c.d/n` */
export function ip4Net(p: Cursor): string | null {
  return span(p, () => ip4(p) !== null && p.lit('/') && uintString(p) !== null);
}

/** IP6Net: `addr/n` */
export function ip6Net(p: Cursor): string | null {
  return span(p, () => ip6(p) !== null && p.lit('/') && uintString(p) !== null);
}

const timeUnits = ['ns', 'us', 'ms', 's', 'm', 'h', 'd', 'w', 'y'];

function decimalWithUnit(p: Cursor): boolean {
  return p.attempt(() => {
    if (uintString(p) === null) return false;
    p.attempt(() => p.lit('.') && uintString(p) !== null);
    return timeUnits.some((u) => p.lit(u));
  });
}

/** Duration: `-`? followed by one or more number-and-unit pairs, e.g. `1h30m`. */
export function duration(p: Cursor): string | null {
  return span(p, () => {
    p.lit('-');
    if (!decimalWithUnit(p)) return false;
    while (decimalWithUnit(p));
    return true;
  });
}

/** Time: RFC 3339 date-time, e.g. `2006-01-02T15:04:05.5Z`. */
export function time(p: Cursor): string | null {
  return span(p, () => {
    if (!(digits(p, 4) && p.lit('-') && digits(p, 2) && p.lit('-') && digits(p, 2))) return false;
    if (!p.lit('T')) return false;
    if (!(digits(p, 2) && p.lit(':') && digits(p, 2) && p.lit(':') && digits(p, 2))) return false;
    optFraction(p);
    if (p.lit('Z')) return true;
    return p.attempt(() => {
      if (!p.lit('+') && !p.lit('-')) return false;
      if (!(digits(p, 2) && p.lit(':') && digits(p, 2))) return false;
      optFraction(p);
      return true;
    });
  });
}

function exponentPart(p: Cursor): void {
  p.attempt(() => {
    if (!p.cls((c) => c === 0x65 || c === 0x45)) return false;
    if (!p.lit('+')) p.lit('-');
    return uintString(p) !== null;
  });
}

/** NaN / Infinity (`Inf` with an optional sign). */
export function nanOrInf(p: Cursor): string | null {
  return (
    span(p, () => p.lit('NaN')) ??
    span(p, () => {
      if (!p.lit('-')) p.lit('+');
      return p.lit('Inf');
    })
  );
}

/** FloatString: `1.`, `1.5e3`, `.5`, `-2.0`, `NaN`, `-Inf`, ... */
export function floatString(p: Cursor): string | null {
  return (
    span(p, () => {
      p.lit('-');
      if (uintString(p) === null || !p.lit('.')) return false;
      while (p.cls(isDigit));
      exponentPart(p);
      return true;
    }) ??
    span(p, () => {
      p.lit('-');
      if (!p.lit('.') || uintString(p) === null) return false;
      exponentPart(p);
      return true;
    }) ??
    nanOrInf(p)
  );
}

/** IntString: `[0-9]+` or `-[0-9]+`. */
export function intString(p: Cursor): string | null {
  return uintString(p) ?? span(p, () => p.lit('-') && uintString(p) !== null);
}

/** BytesLiteral: `0x` followed by any number of hex digits. */
export function bytesString(p: Cursor): string | null {
  return span(p, () => {
    if (!p.lit('0x')) return false;
    while (p.cls(isHexDigit));
    return true;
  });
}
