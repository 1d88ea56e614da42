// Comparing secrets (hashes of tokens) in time that does not depend on where
// they first differ, so response times tell an attacker nothing.

/** True when `a` and `b` hold the same bytes; its time depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
