/** Slot for the fixed notice (issue 16): filled in by its own change. */
export function FixedNotice() {
  return null
}
