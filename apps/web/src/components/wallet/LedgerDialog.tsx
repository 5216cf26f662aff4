/** Slot for the bean ledger dialog (issue 16): filled in by its own change. */
export function LedgerDialog() {
  return null
}
