// The `lake` output format: lake metadata (pools, branches, commits, data
// objects, partitions) as the human-readable text `zed ls`, `zed log` and
// `zed branch` print (zio/lakeio/writer.go is the specification). Values it
// does not know are written as one-line ZSON. Never colored.

import { ksuidFromBase62, ksuidHexToBase62, ksuidToBase62 } from '../../util/ksuid.js';
import { encodeUtf8 } from '../../util/utf8.js';
import type { Value } from '../../zed/index.js';
import { formatTime, formatValue } from '../../zson/index.js';
import type { Encoder } from '../codec.js';
import { abbreviateBytes } from './byte-size.js';
import {
  boundKind,
  goTypeName,
  readBranchMeta,
  readBranchTip,
  readCommit,
  readObject,
  readPartition,
  readPool,
  Unreadable,
  type BranchMetaRecord,
  type CommitRecord,
  type ObjectRecord,
  type PartitionRecord,
  type PoolRecord,
} from './lake-records.js';
import { formatParagraphs } from './paragraph.js';

export interface LakeEncoderOptions {
  /**
   * The working branch (a name) or commit (an id) to mark as HEAD, as `zed
   * log` and `zed branch` pass it; empty for none.
   */
  readonly head?: string;
  /** Width of commit message paragraphs (Zed's is 80). */
  readonly width?: number;
}

const NIL_ID = '0'.repeat(27);
const HEX_ID = /^0x[0-9a-fA-F]{40}$/;

export class LakeEncoder implements Encoder {
  readonly #width: number;
  readonly #headId: string;
  readonly #headName: string;
  /** Branch names by the commit they point at, from the BranchTip records that precede a log. */
  readonly #branches = new Map<string, string[]>();

  constructor(opts: LakeEncoderOptions = {}) {
    this.#width = opts.width ?? 80;
    const head = opts.head ?? '';
    const id = parseHeadId(head);
    // Zed quirk (lakeio.NewWriter): when the head is a name, the head id stays
    // the nil id, so branches still at the nil commit are marked HEAD too.
    this.#headId = id ?? NIL_ID;
    this.#headName = id === null ? head : '';
  }

  write(values: readonly Value[]): string {
    let out = '';
    for (const v of values) out += this.#format(v);
    return out;
  }

  end(): string {
    return '';
  }

  #format(v: Value): string {
    const kind = v.type.kind === 'named' ? boundKind(v.type.name) : undefined;
    try {
      switch (kind) {
        case 'pool':
          return formatPool(readPool(v));
        case 'branchMeta':
          return this.#formatBranchMeta(readBranchMeta(v));
        case 'object':
          return formatObject(readObject(v), '', 0);
        case 'partition':
          return formatPartition(readPartition(v));
        case 'commit':
          return this.#formatCommit(readCommit(v));
        case 'branchTip': {
          const tip = readBranchTip(v);
          const names = this.#branches.get(tip.commit);
          if (names === undefined) this.#branches.set(tip.commit, [tip.name]);
          else names.push(tip.name);
          return '';
        }
        case 'action':
          // Zed collects a commit's Add and Delete actions but never prints them.
          return '';
        case 'path':
        case undefined:
          break;
      }
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      return `${formatValue(v)}\n`;
    }
    const go = goTypeName(v);
    return go === null ? `${formatValue(v)}\n` : `lake format: unknown type: ${go}\n`;
  }

  #formatBranchMeta(b: BranchMetaRecord): string {
    const head = b.commit === this.#headId || b.branch === this.#headName ? ' (HEAD)' : '';
    return `${b.pool.name}@${b.branch} commit ${b.commit}${head}\n`;
  }

  #formatCommit(c: CommitRecord): string {
    let s = `commit ${c.id}`;
    const branches = this.#branches.get(c.id);
    if (branches !== undefined && branches.length > 0) {
      s += ` (${branches.map((name) => (name === this.#headName ? `HEAD -> ${name}` : name)).join(', ')})`;
    } else if (c.id === this.#headId) {
      s += ' (HEAD)';
    }
    s += `\nAuthor: ${c.author}\nDate:   ${rfc3339Seconds(c.date)}\n\n`;
    if (c.message !== '') {
      s += `${formatParagraphs(c.message, '    ', this.#width).replace(/[ \n]+$/, '')}\n\n`;
    }
    return s;
  }
}

function formatPool(p: PoolRecord): string {
  const key = p.key.length === 0 ? 'this' : p.key.join('.');
  return `${p.name} ${p.id} key ${key} order ${p.order}\n`;
}

function formatObject(o: ObjectRecord, prefix: string, indent: number): string {
  const tab = ' '.repeat(indent);
  const lead = prefix === '' ? '' : `${prefix} `;
  return (
    `${tab}${lead}${o.id} ${abbreviateBytes(Number(o.size))} bytes ${o.count} records\n` +
    `  ${tab} min ${formatValue(o.min)} max ${formatValue(o.max)}\n`
  );
}

function formatPartition(p: PartitionRecord): string {
  let s = `min ${formatValue(p.min)} max ${formatValue(p.max)}\n`;
  for (const o of p.objects) s += formatObject(o, '', 2);
  return s;
}

/** Go's time.RFC3339 layout in UTC: whole seconds, no fraction. */
function rfc3339Seconds(ns: bigint): string {
  const sec = ns / 1_000_000_000n - (ns % 1_000_000_000n < 0n ? 1n : 0n);
  return formatTime(sec * 1_000_000_000n);
}

/** The base62 id of a head given as an id (base62 or 0x hex), else null. */
function parseHeadId(text: string): string | null {
  if (HEX_ID.test(text)) return ksuidHexToBase62(text.slice(2));
  if (!/^[0-9A-Za-z]{27}$/.test(text)) return null;
  const b = ksuidFromBase62(encodeUtf8(text));
  return typeof b === 'string' ? null : ksuidToBase62(b);
}
