import { FeaturePrompt } from "../notice/FeaturePrompt"
import { FixedNotice } from "../notice/FixedNotice"
import { MessageDrawer } from "../messages/MessageDrawer"
import { PurchaseDialogHost } from "../purchase/PurchaseDialogHost"
import { ReminderDialog } from "../reminder/ReminderDialog"
import { LedgerDialog } from "../wallet/LedgerDialog"

/**
 * The overlays of money and messages (spec §2): the bean ledger, the purchase dialog, the reminder
 * dialog, the message drawer, the fixed notice and the community feature prompt. Each follows its
 * store (the top bar's buttons open them); this layer is a lazy chunk (AccountOverlays).
 */
export function AccountOverlayLayer(_props: { open: boolean }) {
  return (
    <>
      <LedgerDialog />
      <PurchaseDialogHost />
      <ReminderDialog />
      <MessageDrawer />
      <FixedNotice />
      <FeaturePrompt />
    </>
  )
}
