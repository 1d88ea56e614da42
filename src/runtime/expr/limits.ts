// The largest value an expression may build. Zed has no such limit, but a
// service query must not be able to grow one value past what any format
// can store (Zed's ZNG reader takes frames of at most 50 MiB by default) by
// concatenating or replacing its way to gigabytes in a few steps: past it,
// the result is an error value.

export const MAX_BUILT_VALUE_BYTES = 128 << 20;

/** The error text of a result past MAX_BUILT_VALUE_BYTES. */
export function valueTooLargeMessage(what: string): string {
  return `${what}: result exceeds ${MAX_BUILT_VALUE_BYTES >> 20}MiB`;
}
