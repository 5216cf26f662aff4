/** Slot for the reminder dialog (issue 16): filled in by its own change. */
export function ReminderDialog() {
  return null
}
