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
