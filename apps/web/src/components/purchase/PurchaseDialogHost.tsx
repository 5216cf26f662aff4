import { useRootStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { lazy, Suspense } from "react"

// the dialog, its cards, DOMPurify and the checkout store arrive with the first opening (ADR 0007)
const PurchaseDialog = lazy(() => import("./PurchaseDialog").then((module) => ({ default: module.PurchaseDialog })))

/**
 * The membership / bean purchase dialog's place in the account overlays (spec §2): nothing until
 * something asks for it (RootStore.openPurchase: the top bar's badge, a short balance, a reminder),
 * then the dialog over the checkout store, kept mounted so it opens again at once.
 */
export const PurchaseDialogHost = observer(function PurchaseDialogHost() {
  const root = useRootStore()
  if (!root.purchaseWanted) return null
  return (
    <Suspense fallback={null}>
      <PurchaseDialog />
    </Suspense>
  )
})
