/** Slot for the message drawer (issue 16): filled in by its own change. */
export function MessageDrawer() {
  return null
}
