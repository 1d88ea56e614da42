// Projections: which fields of the top-level records a read takes, as a tree
// of field names. Paths merge as Zed's vcache.NewProjection merges them: a
// longer path through a field narrows a shorter one ("a" with "a.b" is
// "a.b"), and fields keep the order in which paths first name them.

import { InvalidError } from '../../errors/index.js';

/** Field name -> the projection of that field (null: the whole field). */
export type Projection = Map<string, Projection | null>;

/** A path: "id.orig_h", or its names as an array (for names holding dots). */
export type ProjectionPath = string | readonly string[];

function branch(names: readonly string[]): Projection | null {
  if (names.length === 0) return null;
  return new Map([[names[0]!, branch(names.slice(1))]]);
}

function insert(tree: Projection, names: readonly string[]): void {
  const [name, ...rest] = names as [string, ...string[]];
  if (!tree.has(name)) {
    tree.set(name, branch(rest));
    return;
  }
  if (rest.length === 0) return;
  const sub = tree.get(name)!;
  if (sub === null) tree.set(name, branch(rest));
  else insert(sub, rest);
}

/** The projection of `paths`; null (take everything) when there are none. */
export function makeProjection(paths: readonly ProjectionPath[]): Projection | null {
  if (paths.length === 0) return null;
  const tree: Projection = new Map();
  for (const p of paths) {
    const names = typeof p === 'string' ? p.split('.') : p;
    if (names.length === 0 || names.some((n) => n === '')) {
      throw new InvalidError(`VNG projection: bad field path ${JSON.stringify(p)}`);
    }
    insert(tree, names);
  }
  return tree;
}
