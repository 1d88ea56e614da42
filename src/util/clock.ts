// A clock for the lake: Unix nanoseconds from Date.now, strictly increasing
// across calls (KSUIDs and commit times of one process stay ordered even
// within one millisecond, or where the platform holds time still).

export function monotonicClock(): () => bigint {
  let last = 0n;
  return () => {
    const ns = BigInt(Date.now()) * 1_000_000n;
    last = ns > last ? ns : last + 1n;
    return last;
  };
}

/**
 * The platform clock the engine reads: Unix milliseconds with the
 * sub-millisecond digits the runtime gives (`wallMs`), and milliseconds
 * from any fixed start that only go forward (`elapsedMs`). By default the
 * Web's `performance`, which some runtimes (Workers) hold still during
 * computation and give no time origin (then Date). An adapter may set its
 * runtime's own: Node loads `performance` on first use, about 1-2 ms of
 * every short command.
 */
export interface PlatformClock {
  readonly wallMs: () => number;
  readonly elapsedMs: () => number;
}

let platform: PlatformClock = {
  wallMs: () => {
    const origin = performance.timeOrigin;
    return origin > 1e12 ? origin + performance.now() : Date.now();
  },
  elapsedMs: () => performance.now(),
};

/** Sets the platform clock (see PlatformClock). */
export function setPlatformClock(c: PlatformClock): void {
  platform = c;
}

/** Unix milliseconds, with sub-millisecond digits where the runtime gives them. */
export function wallMs(): number {
  return platform.wallMs();
}

/** Milliseconds from a fixed start, never going back. */
export function elapsedMs(): number {
  return platform.elapsedMs();
}
