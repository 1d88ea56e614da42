// Removing fields from records (expr.Dropper): the value-level engine of
// `drop`, also used by `cut` for fields whose expression was quiet. Per
// input type a plan says which fields to copy, which records to rebuild
// and which to skip; a record left with no fields disappears, and a value
// left with no fields at all becomes error("quiet").

import { ByteSlab } from '../../util/byte-slab.js';
import { Builder, Value, readElement, type Field, type RecordType, type Type, type TypeContext } from '../../zed/index.js';
import type { FieldPath } from './paths.js';
import { type ErrorValues, recordTypeOf } from './values.js';

interface Step {
  readonly index: number;
  /** The plan for a nested record that loses fields; null copies the field. */
  readonly sub: Plan | null;
}

interface Plan {
  readonly steps: readonly Step[];
  readonly type: RecordType;
}

/** 'same' when the type has none of the fields, 'quiet' when it has nothing else. */
type Entry = Plan | 'same' | 'quiet';

const el = { start: 0, end: 0 };

export class Dropper {
  private readonly plans = new Map<Type, Entry>();
  private readonly b = new Builder(256);
  private readonly slab = new ByteSlab();
  private readonly drops: ReadonlySet<string>;

  constructor(
    private readonly zctx: TypeContext,
    private readonly errs: ErrorValues,
    fields: readonly FieldPath[],
  ) {
    // Paths are matched whole; join with a byte no field name contains in practice.
    this.drops = new Set(fields.map((p) => p.join('\u0000')));
  }

  /** The value without the dropped fields; non-records are returned as they are. */
  eval(v: Value): Value {
    const rec = recordTypeOf(v.type);
    if (rec === null) return v;
    let entry = this.plans.get(v.type);
    if (entry === undefined) {
      const plan = this.plan(rec, []);
      entry = plan === null ? 'same' : plan.steps.length === 0 ? 'quiet' : plan;
      this.plans.set(v.type, entry);
    }
    if (entry === 'same') return v;
    if (entry === 'quiet') return this.errs.quiet();
    const b = this.b;
    b.reset();
    build(b, v.bytes, entry);
    return new Value(entry.type, this.slab.copy(b.buf, b.len));
  }

  /** Zed's complementFields as a plan; null when no dropped field is in `t`. */
  private plan(t: RecordType, prefix: string[]): Plan | null {
    const steps: Step[] = [];
    const fields: Field[] = [];
    let match = false;
    for (let i = 0; i < t.fields.length; i++) {
      const f = t.fields[i]!;
      prefix.push(f.name);
      if (this.drops.has(prefix.join('\u0000'))) {
        match = true;
        prefix.pop();
        continue;
      }
      const inner = recordTypeOf(f.type);
      const sub = inner === null ? null : this.plan(inner, prefix);
      prefix.pop();
      if (sub !== null) {
        match = true;
        // A record that loses all its fields is left out altogether.
        if (sub.steps.length > 0) {
          steps.push({ index: i, sub });
          fields.push({ name: f.name, type: sub.type });
        }
        continue;
      }
      steps.push({ index: i, sub: null });
      fields.push(f);
    }
    if (!match) return null;
    return { steps, type: this.zctx.lookupRecord(fields) };
  }
}

function build(b: Builder, body: Uint8Array | null, plan: Plan): void {
  const steps = plan.steps;
  if (body === null) {
    // A field under a null record reads as a null of its type, so the
    // rebuilt record is present with null leaves (as Zed's builder makes it).
    for (const s of steps) {
      if (s.sub === null) b.append(null);
      else {
        b.beginContainer();
        build(b, null, s.sub);
        b.endContainer();
      }
    }
    return;
  }
  let off = 0;
  let idx = 0;
  for (const s of steps) {
    while (idx <= s.index) {
      off = readElement(body, off, body.length, el);
      idx++;
    }
    if (s.sub === null) b.appendRange(body, el.start, el.end);
    else {
      const start = el.start;
      const inner = start < 0 ? null : body.subarray(start, el.end);
      b.beginContainer();
      build(b, inner, s.sub);
      b.endContainer();
    }
  }
}
