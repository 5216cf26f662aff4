import { useConfigStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { onDemand } from "../ui/onDemand"

// the ledger, purchase, reminder, message and notice overlays (spec §2) in one chunk of their own,
// fetched once the config has settled: /list's first load carries none of them (ADR 0007)
const AccountOverlayLayer = onDemand(() => import("./AccountOverlayLayer").then((module) => module.AccountOverlayLayer))

/** Mounts the account overlays' layer once the config is known; rendered inside the router. */
export const AccountOverlays = observer(function AccountOverlays() {
  const config = useConfigStore()
  return <AccountOverlayLayer open={config.settled} />
})
