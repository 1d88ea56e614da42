// Zeek log header state: the # directives (zio/zeekio parser.go) and the
// record type they describe. Dotted field names become nested records, whose
// fields are first made adjacent (coalesceRecordFields); a #path adds a
// leading _path field unless the log has one.

import { InvalidError } from '../../errors/index.js';
import { TypeString, underlying, type Field, type RecordType, type Type, type TypeContext } from '../../zed/index.js';
import { parseZeekType } from './zeek-types.js';
import { unescapeZeek } from './zeek-escape.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeUtf8 } from '../../util/utf8.js';

/** How a leaf column is stored: a primitive, or a vector or set of them. */
export const Shape = { Primitive: 0, Array: 1, Set: 2 } as const;
export type Shape = (typeof Shape)[keyof typeof Shape];

/** One step of building a record from a line's columns. */
export type PlanOp =
  | { readonly op: 'begin' }
  | { readonly op: 'end' }
  | { readonly op: 'path' }
  | { readonly op: 'leaf'; readonly col: number; readonly id: number; readonly shape: Shape };

/** The record type of the current header and how to fill it from a line. */
export interface Descriptor {
  readonly type: RecordType;
  /** Number of tab-separated columns a line must have. */
  readonly columns: number;
  readonly ops: readonly PlanOp[];
  /** A _path field was added; its value is the #path. */
  readonly addPath: boolean;
}

const BAD_RECORD_DEF = 'bad types/fields definition in zeek header';

function badField(name: string): InvalidError {
  return new InvalidError(`encountered bad header field ${name} parsing zeek log`);
}

export class ZeekHeader {
  /** Zeek's own default before any #separator directive. */
  private separator = ' ';
  path = '';
  private names: string[] = [];
  private types: (Type | undefined)[] = [];
  private needFields = false;
  private needTypes = false;
  private descriptor: Descriptor | null = null;
  private pathBytes = new Uint8Array(0);

  constructor(private readonly ctx: TypeContext) {}

  /** The bytes of the current #path. */
  get pathValue(): Uint8Array {
    return this.pathBytes;
  }

  /** Applies one directive line (without its newline). */
  directive(line: string): void {
    const tokens = line.slice(line.charCodeAt(0) === 0x23 ? 1 : 0).split(this.separator);
    const one = (name: string): string => {
      if (tokens.length !== 2) throw badField(name);
      return tokens[1]!;
    };
    switch (tokens[0]) {
      case 'separator':
        this.separator = unescapeText(one('separator'));
        break;
      case 'set_separator':
        one('set_separator');
        break;
      case 'empty_field': {
        const v = one('empty_field');
        if (v !== '(empty)') throw badField(`#empty_field (non-standard value '${v}')`);
        break;
      }
      case 'unset_field': {
        const v = one('unset_field');
        if (v !== '-') throw badField(`#unset_field (non-standard value '${v}')`);
        break;
      }
      case 'path': {
        const p = one('path');
        this.path = p === '-' ? '' : p;
        this.pathBytes = new TextEncoder().encode(this.path);
        break;
      }
      case 'open':
        one('open');
        break;
      case 'close':
        if (tokens.length > 2) throw badField('close');
        break;
      case 'fields':
        if (tokens.length < 2) throw badField('fields');
        this.setFields(tokens.slice(1));
        break;
      case 'types':
        if (tokens.length < 2) throw badField('types');
        this.setTypes(tokens.slice(1));
        break;
      default:
        // Zed ignores unknown directives.
        break;
    }
  }

  private setFields(names: string[]): void {
    if (names.length !== this.names.length) {
      this.types = new Array<Type | undefined>(names.length).fill(undefined);
      this.needTypes = true;
    }
    this.names = names;
    this.needFields = false;
    this.descriptor = null;
  }

  private setTypes(types: string[]): void {
    if (types.length !== this.types.length) {
      this.names = new Array<string>(types.length).fill('');
      this.types = new Array<Type | undefined>(types.length).fill(undefined);
      this.needFields = true;
    }
    for (let k = 0; k < types.length; k++) this.types[k] = parseZeekType(this.ctx, types[k]!);
    this.needTypes = false;
    this.descriptor = null;
  }

  /** The descriptor for value lines; throws when the header does not define one. */
  current(): Descriptor {
    if (this.descriptor !== null) return this.descriptor;
    if (this.names.length === 0 || this.needFields || this.needTypes) throw new InvalidError(BAD_RECORD_DEF);
    const fields: Field[] = this.names.map((name, i) => ({ name, type: this.types[i]! }));
    const { out, source } = coalesceRecordFields(fields);
    let top = unflatten(this.ctx, out);
    const addPath = this.path !== '' && !fields.some((f) => f.name === '_path');
    if (addPath) top = [{ name: '_path', type: TypeString }, ...top];
    const type = this.ctx.lookupRecord(top);
    const ops: PlanOp[] = [];
    let leaf = 0;
    const walk = (fs: readonly Field[], isTop: boolean): void => {
      for (let i = 0; i < fs.length; i++) {
        const t = fs[i]!.type;
        if (isTop && i === 0 && addPath) {
          ops.push({ op: 'path' });
          continue;
        }
        if (t.kind === 'record') {
          ops.push({ op: 'begin' });
          walk(t.fields, false);
          ops.push({ op: 'end' });
          continue;
        }
        const col = source[leaf++]!;
        if (t.kind === 'array' || t.kind === 'set') {
          const shape = t.kind === 'array' ? Shape.Array : Shape.Set;
          ops.push({ op: 'leaf', col, id: underlying(t.elem).id, shape });
        } else {
          ops.push({ op: 'leaf', col, id: underlying(t).id, shape: Shape.Primitive });
        }
      }
    };
    walk(type.fields, true);
    this.descriptor = { type, columns: fields.length, ops, addPath };
    return this.descriptor;
  }
}

function unescapeText(s: string): string {
  const b = new TextEncoder().encode(s);
  const w = new ByteWriter(b.length + 1);
  unescapeZeek(b, 0, b.length, w);
  return decodeUtf8(w.buf.subarray(0, w.len));
}

/** The prefix of a dotted name up to and including its last dot ("" when none). */
function getPrefix(name: string): string {
  let e = name.length;
  while (e > 0 && name.charCodeAt(e - 1) === 0x2e) e--;
  const i = name.lastIndexOf('.', e - 1);
  return i < 0 ? '' : name.slice(0, i + 1);
}

/**
 * Reorders fields so those of each nested record are adjacent: a field whose
 * record prefix was seen before moves right after the last field with that
 * prefix. `source[k]` is the column of output field k.
 */
function coalesceRecordFields(fields: readonly Field[]): { out: Field[]; source: number[] } {
  const prefixes = new Set<string>(['']);
  const out: Field[] = [];
  const source: number[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    let prefix = getPrefix(f.name);
    while (!prefixes.has(prefix)) {
      prefixes.add(prefix);
      prefix = getPrefix(prefix);
    }
    let at = out.length;
    if (prefix !== '') {
      for (let j = out.length; j > 0; j--) {
        if (out[j - 1]!.name.startsWith(prefix)) {
          at = j;
          break;
        }
      }
    }
    out.splice(at, 0, f);
    source.splice(at, 0, i);
  }
  return { out, source };
}

/** Turns runs of dotted names with a common first component into nested records. */
function unflatten(ctx: TypeContext, fields: readonly Field[]): Field[] {
  const out: Field[] = [];
  let i = 0;
  while (i < fields.length) {
    const f = fields[i]!;
    const dot = f.name.indexOf('.');
    if (dot < 0) {
      out.push(f);
      i++;
      continue;
    }
    const prefix = f.name.slice(0, dot);
    const lead = prefix + '.';
    const nested: Field[] = [];
    for (let j = i; j < fields.length && fields[j]!.name.startsWith(lead); j++) {
      nested.push({ name: fields[j]!.name.slice(lead.length), type: fields[j]!.type });
    }
    out.push({ name: prefix, type: ctx.lookupRecord(unflatten(ctx, nested)) });
    i += nested.length;
  }
  return out;
}
