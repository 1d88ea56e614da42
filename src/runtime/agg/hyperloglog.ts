// Derived from axiomhq/hyperloglog (MIT licence, © 2017 Axiom Inc.).
// The HyperLogLog sketch dcount() uses: a port of axiomhq/hyperloglog at the
// commit Zed v1.18.0 pins (a4c4c47, 2019), precision 14 with the sparse
// representation, so estimates and the binary partial format match Zed's.
// Hashes arrive as two unsigned 32-bit halves (metro-hash.ts).

import { InvalidError } from '../../errors/index.js';
import { goLog, goPowInt } from './go-math.js';

const CAPACITY = 16;
const PP = 25;
const MP = 2 ** PP;
const VERSION = 1;

function alpha(m: number): number {
  switch (m) {
    case 16:
      return 0.673;
    case 32:
      return 0.697;
    case 64:
      return 0.709;
  }
  return 0.7213 / (1 + 1.079 / m);
}

function beta14(ez: number): number {
  const zl = goLog(ez + 1);
  return (
    -0.370393911 * ez +
    0.070471823 * zl +
    0.17393686 * goPowInt(zl, 2) +
    0.16339839 * goPowInt(zl, 3) +
    -0.09237745 * goPowInt(zl, 4) +
    0.03738027 * goPowInt(zl, 5) +
    -0.005384159 * goPowInt(zl, 6) +
    0.00042419 * goPowInt(zl, 7)
  );
}

function beta16(ez: number): number {
  const zl = goLog(ez + 1);
  return (
    -0.37331876643753059 * ez +
    -1.41704077448122989 * zl +
    0.40729184796612533 * goPowInt(zl, 2) +
    1.56152033906584164 * goPowInt(zl, 3) +
    -0.99242233534286128 * goPowInt(zl, 4) +
    0.26064681399483092 * goPowInt(zl, 5) +
    -0.03053811369682807 * goPowInt(zl, 6) +
    0.00155770210179105 * goPowInt(zl, 7)
  );
}

/** The sparse encoding of a hash (sparse.go encodeHash), a uint32. */
function encodeHash(hi: number, lo: number, p: number): number {
  const idx = hi >>> 7; // the top 25 bits
  if ((idx & ((1 << (PP - p)) - 1)) === 0) {
    // Leading zeros of the low 39 bits, plus one.
    const h7 = hi & 0x7f;
    const zeros = (h7 !== 0 ? Math.clz32(h7) - 25 : lo !== 0 ? 7 + Math.clz32(lo) : 39) + 1;
    return idx * 128 + zeros * 2 + 1;
  }
  return idx * 2;
}

function decodeIndex(k: number, p: number): number {
  return k & 1 ? k >>> (32 - p) : (k >>> (PP - p + 1)) & ((1 << p) - 1);
}

function decodeRank(k: number, p: number): number {
  if (k & 1) return ((k >>> 1) & 0x3f) + PP - p;
  return Math.clz32((k << (32 - PP + p - 1)) >>> 0) + 1;
}

/** A delta- and varint-compressed sorted list of uint32s (compressed.go). */
class CompressedList {
  count = 0;
  last = 0;
  b = new Uint8Array(16);
  len = 0;

  append(x: number): void {
    this.count++;
    let d = (x - this.last) >>> 0;
    this.last = x;
    if (this.len + 5 > this.b.length) {
      const next = new Uint8Array(this.b.length * 2);
      next.set(this.b.subarray(0, this.len));
      this.b = next;
    }
    while (d >= 0x80) {
      this.b[this.len++] = (d & 0x7f) | 0x80;
      d >>>= 7;
    }
    this.b[this.len++] = d;
  }

  /** Calls `f` with each value in order. */
  forEach(f: (x: number) => void): void {
    const b = this.b;
    let last = 0;
    for (let i = 0; i < this.len; ) {
      let x = 0;
      let shift = 0;
      let c: number;
      do {
        c = b[i++]!;
        x += (c & 0x7f) * 2 ** shift;
        shift += 7;
      } while (c & 0x80);
      last = (last + x) >>> 0;
      f(last);
    }
  }

  values(): number[] {
    const out: number[] = [];
    this.forEach((x) => out.push(x));
    return out;
  }
}

/** 4-bit registers, two per byte, the even one in the high nibble (registers.go). */
class Registers {
  readonly tailcuts: Uint8Array;
  nz: number;

  constructor(size: number) {
    this.tailcuts = new Uint8Array(size >>> 1);
    this.nz = size;
  }

  get(i: number): number {
    const r = this.tailcuts[i >>> 1]!;
    return i & 1 ? r & 0x0f : r >>> 4;
  }

  set(i: number, val: number): void {
    const j = i >>> 1;
    const r = this.tailcuts[j]!;
    let wasZero: boolean;
    if (i & 1) {
      wasZero = (r & 0x0f) === 0;
      this.tailcuts[j] = (r & 0xf0) | val;
    } else {
      wasZero = r < 16;
      this.tailcuts[j] = (r & 0x0f) | (val << 4);
    }
    if (wasZero) this.nz--;
  }

  rebase(delta: number): void {
    const tc = this.tailcuts;
    let nz = tc.length * 2;
    for (let i = 0; i < tc.length; i++) {
      let r = tc[i]!;
      const hi = r >>> 4;
      if (hi >= delta) {
        r = (r & 0x0f) | ((hi - delta) << 4);
        if (hi - delta > 0) nz--;
      }
      const lo = r & 0x0f;
      if (lo >= delta) {
        r = (r & 0xf0) | (lo - delta);
        if (lo - delta > 0) nz--;
      }
      tc[i] = r;
    }
    this.nz = nz;
  }

  min(): number {
    if (this.nz > 0) return 0;
    let min = 255;
    for (const r of this.tailcuts) {
      if (r === 0 || min === 0) return 0;
      if ((r & 0x0f) < min) min = r & 0x0f;
      if (r >>> 4 < min) min = r >>> 4;
    }
    return min;
  }
}

export class Sketch {
  private b = 0;
  private readonly m: number;
  private readonly alpha: number;
  private tmpSet: Set<number> | null;
  private sparseList: CompressedList | null;
  private regs: Registers | null;

  constructor(
    private readonly p = 14,
    sparse = true,
  ) {
    if (p < 4 || p > 18) throw new InvalidError('dcount: p has to be >= 4 and <= 18');
    this.m = 2 ** p;
    this.alpha = alpha(this.m);
    this.tmpSet = sparse ? new Set() : null;
    this.sparseList = sparse ? new CompressedList() : null;
    this.regs = sparse ? null : new Registers(this.m);
  }

  /** Rough bytes held, for memory accounting. */
  memory(): number {
    return 64 + (this.tmpSet?.size ?? 0) * 16 + (this.sparseList?.b.length ?? 0) + (this.regs?.tailcuts.length ?? 0);
  }

  private insert(i: number, r: number): void {
    const regs = this.regs!;
    // Go's uint8 arithmetic: r-b wraps when r < b.
    if (((r - this.b) & 0xff) >= CAPACITY) {
      const db = regs.min();
      if (db > 0) {
        this.b = (this.b + db) & 0xff;
        regs.rebase(db);
      }
    }
    if (r > this.b) {
      const val = Math.min(r - this.b, CAPACITY - 1);
      if (val > regs.get(i)) regs.set(i, val);
    }
  }

  /** Adds a 64-bit hash given as unsigned 32-bit halves. */
  insertHash(hi: number, lo: number): void {
    const tmp = this.tmpSet;
    if (tmp !== null) {
      const k = encodeHash(hi, lo, this.p);
      if (tmp.has(k)) return;
      tmp.add(k);
      if (tmp.size * 100 > this.m >>> 1) {
        this.mergeSparse();
        if (this.sparseList!.len > this.m >>> 1) this.toNormal();
      }
      return;
    }
    const p = this.p;
    const i = hi >>> (32 - p);
    // rho = leading zeros of (x<<p | 1<<(p-1)), plus one.
    const wh = ((hi << p) | (lo >>> (32 - p))) >>> 0;
    const wl = ((lo << p) | (1 << (p - 1))) >>> 0;
    const rho = (wh !== 0 ? Math.clz32(wh) : 32 + Math.clz32(wl)) + 1;
    this.insert(i, rho);
  }

  private mergeSparse(): void {
    const tmp = this.tmpSet!;
    if (tmp.size === 0) return;
    const keys = Uint32Array.from(tmp).sort();
    const old = this.sparseList!.values();
    const list = new CompressedList();
    let i = 0;
    let j = 0;
    while (j < old.length || i < keys.length) {
      if (j >= old.length) list.append(keys[i++]!);
      else if (i >= keys.length) list.append(old[j++]!);
      else {
        const x1 = old[j]!;
        const x2 = keys[i]!;
        if (x1 === x2) {
          list.append(x1);
          j++;
          i++;
        } else if (x1 > x2) {
          list.append(x2);
          i++;
        } else {
          list.append(x1);
          j++;
        }
      }
    }
    this.sparseList = list;
    this.tmpSet = new Set();
  }

  private toNormal(): void {
    if (this.tmpSet!.size > 0) this.mergeSparse();
    this.regs = new Registers(this.m);
    const p = this.p;
    this.sparseList!.forEach((k) => this.insert(decodeIndex(k, p), decodeRank(k, p)));
    this.tmpSet = null;
    this.sparseList = null;
  }

  estimate(): number {
    if (this.sparseList !== null) {
      this.mergeSparse();
      // Go truncates the float to uint64 here.
      return Math.trunc(MP * goLog(MP / (MP - this.sparseList.count)));
    }
    const regs = this.regs!;
    let sum = 0;
    let ez = 0;
    const base = this.b;
    for (const r of regs.tailcuts) {
      const v0 = (base + (r >>> 4)) & 0xff;
      if (v0 === 0) ez++;
      sum += 1 / 2 ** v0;
      const v1 = (base + (r & 0x0f)) & 0xff;
      if (v1 === 0) ez++;
      sum += 1 / 2 ** v1;
    }
    regs.nz = ez;
    const m = this.m;
    const beta = this.p < 16 ? beta14 : beta16;
    const est = base === 0 ? (this.alpha * m * (m - ez)) / (sum + beta(ez)) : (this.alpha * m * m) / sum;
    return Math.trunc(est + 0.5);
  }

  /** Folds `other` in (hyperloglog.go Merge); `other` is left unchanged. */
  merge(other: Sketch): void {
    if (this.p !== other.p) throw new InvalidError('dcount: precisions must be equal');
    if (this.tmpSet !== null && other.tmpSet !== null) {
      for (const k of other.tmpSet) this.tmpSet.add(k);
      other.sparseList!.forEach((k) => this.tmpSet!.add(k));
      if (this.tmpSet.size * 100 > this.m) {
        this.mergeSparse();
        if (this.sparseList!.len > this.m) this.toNormal();
      }
      return;
    }
    if (this.tmpSet !== null) this.toNormal();
    const p = other.p;
    if (other.tmpSet !== null) {
      for (const k of other.tmpSet) this.insert(decodeIndex(k, p), decodeRank(k, p));
      other.sparseList!.forEach((k) => this.insert(decodeIndex(k, p), decodeRank(k, p)));
      return;
    }
    const regs = this.regs!;
    let otherRegs = other.regs!;
    if (this.b < other.b) {
      regs.rebase(other.b - this.b);
      this.b = other.b;
    } else if (this.b > other.b) {
      // Rebase a copy: Go merges from a clone of other.
      const copy = new Registers(otherRegs.tailcuts.length * 2);
      copy.tailcuts.set(otherRegs.tailcuts);
      copy.rebase(this.b - other.b);
      otherRegs = copy;
    }
    const tc = otherRegs.tailcuts;
    for (let i = 0; i < tc.length; i++) {
      const v1 = tc[i]! >>> 4;
      if (v1 > regs.get(2 * i)) regs.set(2 * i, v1);
      const v2 = tc[i]! & 0x0f;
      if (v2 > regs.get(2 * i + 1)) regs.set(2 * i + 1, v2);
    }
  }

  /** The binary form (hyperloglog.go MarshalBinary), Zed's dcount partial. */
  marshal(): Uint8Array {
    const out: number[] = [VERSION, this.p, this.b];
    const u32 = (n: number): void => {
      out.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
    };
    if (this.tmpSet !== null) {
      out.push(1);
      u32(this.tmpSet.size);
      for (const k of this.tmpSet) u32(k);
      const list = this.sparseList!;
      u32(list.count);
      u32(list.last);
      u32(list.len);
      const head = Uint8Array.from(out);
      const buf = new Uint8Array(head.length + list.len);
      buf.set(head);
      buf.set(list.b.subarray(0, list.len), head.length);
      return buf;
    }
    out.push(0);
    const tc = this.regs!.tailcuts;
    u32(tc.length);
    const buf = new Uint8Array(out.length + tc.length);
    buf.set(out);
    buf.set(tc, out.length);
    return buf;
  }

  /** Parses marshal's output (hyperloglog.go UnmarshalBinary). */
  static unmarshal(data: Uint8Array): Sketch {
    const tooShort = (): never => {
      throw new InvalidError('dcount: unmarshaling partial: too short binary');
    };
    if (data.length < 8) tooShort();
    const be32 = (i: number): number => ((data[i]! << 24) | (data[i + 1]! << 16) | (data[i + 2]! << 8) | data[i + 3]!) >>> 0;
    const p = data[1]!;
    const sparse = data[3] === 1;
    const sk = new Sketch(p, sparse);
    sk.b = data[2]!;
    if (sparse) {
      const n = be32(4);
      const end = 8 + 4 * n;
      if (data.length < end + 12) tooShort();
      for (let i = 8; i < end; i += 4) sk.tmpSet!.add(be32(i));
      const list = sk.sparseList!;
      list.count = be32(end);
      list.last = be32(end + 4);
      const sz = be32(end + 8);
      if (data.length < end + 12 + sz) tooShort();
      list.b = data.slice(end + 12, end + 12 + sz);
      list.len = sz;
      return sk;
    }
    const dsz = be32(4);
    const regs = new Registers(dsz * 2);
    const body = data.subarray(8);
    for (let i = 0; i < body.length && i < regs.tailcuts.length; i++) {
      const r = body[i]!;
      regs.tailcuts[i] = r;
      if ((r & 0x0f) > 0) regs.nz--;
      if (r >>> 4 > 0) regs.nz--;
    }
    sk.regs = regs;
    return sk;
  }
}
