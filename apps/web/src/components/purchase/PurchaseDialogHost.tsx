/** Slot for the purchase dialog (issue 16): filled in by its own change. */
export function PurchaseDialogHost() {
  return null
}
