// Deep copy of an AST without source positions, for comparing shapes in tests
// and tools.

/** `T` with every `loc` property removed, recursively. */
export type WithoutLoc<T> = T extends readonly (infer E)[]
  ? WithoutLoc<E>[]
  : T extends object
    ? { [K in keyof T as K extends 'loc' ? never : K]: WithoutLoc<T[K]> }
    : T;

/** Returns a copy of `node` with all `loc` properties dropped. */
export function stripLoc<T>(node: T): WithoutLoc<T> {
  return strip(node) as WithoutLoc<T>;
}

function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k !== 'loc') out[k] = strip(x);
  }
  return out;
}
