// KeyValueIds: ids of key values, one per distinct type and element, dense
// in order of first sight, whichever way each value comes: as a code of a
// shared source (noted, its element left in the source), as an element a
// source holds, as an element it does not (then every id is copied into
// the table), or as a code of another source. Checked against a plain map
// of type and element to id, in 3000 random sequences.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/formats.js';
import { ElementDictionary } from '../../formats/vng/index.js';
import { Builder, TypeInt64, TypeString } from '../../zed/index.js';
import { KeyValueIds } from './column-key-values.js';

const element = (x: number): Uint8Array => Uint8Array.of(2 + (x % 5), ...Array.from({ length: 1 + (x % 5) }, (_, k) => (x >> (k * 3)) & 0xff));

describe('KeyValueIds', () => {
  it('gives each distinct value one id, however it comes, in 3000 random sequences', () => {
    const r = seededRandom(20261127);
    let noted = 0;
    for (let c = 0; c < 3000; c++) {
      const sources = [new ElementDictionary(), new ElementDictionary()];
      const ids = new KeyValueIds();
      const want = new Map<string, number>();
      const codeIds = sources.map(() => new Map<number, number>());
      let allNoted = true;
      for (let step = 0, n = 1 + Math.floor(r() * 60); step < n; step++) {
        const x = Math.floor(r() * 40);
        const el = element(x);
        const t = r() < 0.05 ? TypeString : TypeInt64;
        const how = r();
        let id: number;
        if (how < 0.75 && t === TypeInt64) {
          // A code of a source (mostly the first), asked once per code, as ColumnGroups does.
          const si = r() < 0.9 ? 0 : 1;
          const src = sources[si]!;
          const code = src.codeOf(el, 0, el.length);
          const known = codeIds[si]!.get(code);
          id = known ?? ids.idOfCode(t, src, code);
          codeIds[si]!.set(code, id);
          if (si === 1) allNoted = false;
        } else {
          // An element, which the first source may hold (then it counts as its code).
          if (r() < 0.5) sources[0]!.codeOf(el, 0, el.length);
          id = ids.id(t, el, 0, el.length);
          if (t !== TypeInt64 || !sources[0]!.has(el, 0, el.length)) allNoted = false;
        }
        const key = `${t.id}:${el.join(',')}`;
        if (!want.has(key)) want.set(key, want.size);
        expect({ c, step, id }).toEqual({ c, step, id: want.get(key) });
      }
      if (allNoted) noted++;
      expect(ids.size).toBe(want.size);
      // Every id's type and element, read and written.
      for (const [key, id] of want) {
        const b = new Builder();
        ids.writeElement(id, b);
        expect(`${ids.types[id]!.id}:${ids.element(id).join(',')}`).toBe(key);
        expect(`${ids.types[id]!.id}:${b.bytes().join(',')}`).toBe(key);
      }
    }
    // Sequences that stayed noted all along, and the others, both common.
    expect(noted).toBeGreaterThan(100);
    expect(noted).toBeLessThan(2800);
  });
});
