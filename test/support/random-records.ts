// Random records for language tests: some of the fields a, b, c:{d,e} and
// n:{a,b:{x}}, in a random order, now and then named or null, with leaves of
// many types (errors among them).

export const LEAVES = ['1', '-7', '"s"', '"a string of more than thirty-two bytes, to be copied whole"', '[1,2]', '|[3]|', 'null', 'null(int64)', 'error("x")', 'error("quiet")', '10.0.0.1', '1.5', '{z:1}'];

export function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/**
 * A record of some of a, b, c:{d,e}, n:{a,b:{x}}, in a random order, now
 * and then named or null. (Not values of other types, nor unions on the
 * way: an index by a name does not read them as a field does.)
 */
export function record(r: () => number): string {
  if (r() < 0.04) return 'null({a:int64,c:{d:int64}})';
  const fields: string[] = [];
  if (r() < 0.8) fields.push(`a:${pick(r, LEAVES)}`);
  if (r() < 0.7) fields.push(`b:${pick(r, LEAVES)}`);
  if (r() < 0.8) {
    const inner: string[] = [];
    if (r() < 0.8) inner.push(`d:${pick(r, LEAVES)}`);
    if (r() < 0.5) inner.push(`e:${pick(r, LEAVES)}`);
    let c = `{${inner.join(',')}}`;
    const x = r();
    if (x < 0.1) c = 'null({d:int64,e:string})';
    else if (x < 0.2 && inner.length > 0) c = `${c}(=cn${Math.floor(r() * 2)})`;
    fields.push(`c:${c}`);
  }
  if (r() < 0.5) {
    const b = r() < 0.2 ? 'null({x:int64})' : `{x:${pick(r, LEAVES)}}`;
    fields.push(r() < 0.15 ? 'n:null({a:int64,b:{x:int64}})' : `n:{a:${pick(r, LEAVES)},b:${b}}`);
  }
  for (let i = fields.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [fields[i], fields[j]] = [fields[j]!, fields[i]!];
  }
  const rec = `{${fields.join(',')}}`;
  return r() < 0.1 ? `${rec}(=top${Math.floor(r() * 2)})` : rec;
}

