// Waiting for work that runs side by side (a run's parts, an object's
// blobs) to stop before failing: Promise.all fails at the first failure,
// while the rest may still be running, and whichever fails first decides
// the error.

/**
 * The results of `parts` once every one has settled; else the failure of
 * the first, in the order given, that failed: a failing caller returns only
 * once nothing it started still runs, with the same error each time.
 */
export async function allDone<T>(parts: readonly (Promise<T> | T)[]): Promise<T[]> {
  const settled = await Promise.allSettled(parts);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
