import type { CoreRuntime } from "@mido/core"
import { observer } from "mobx-react-lite"
import { type ReactNode, useEffect, useState } from "react"
import { RootStoreContext } from "./hooks/RootStoreContext.js"
import { RootStore } from "./stores/RootStore.js"
import type { StoreHost } from "./stores/StoreHost.js"

/** Where the root store comes from: made here from a runtime and host, or given ready-made (tests). */
type RootStoreSource =
  | {
    /** The core's runtime (`createBrowserRuntime` in the app). Read once: a later change is ignored. */
    readonly runtime: CoreRuntime
    /** The page's clipboard, viewport, address bar and QR nonce (`browserHost()` in the app). */
    readonly host?: StoreHost
    readonly store?: undefined
  }
  | { readonly store: RootStore; readonly runtime?: undefined; readonly host?: undefined }

export type CoreProviderProps = RootStoreSource & {
  /** Shown until the persisted state is read (with synchronous ports it is never painted). */
  readonly fallback?: ReactNode
  readonly children?: ReactNode
}

const Gate = observer(function CoreGate({ root, fallback, children }: { root: RootStore; fallback: ReactNode; children: ReactNode }) {
  return <>{root.ready ? children : fallback}</>
})

/**
 * Makes the root store for the tree below (once: the context value is never replaced), starts it in
 * an effect and disposes it on cleanup. Under StrictMode the effect runs start → dispose → start,
 * which the store turns into one set of subscriptions and one start-up sequence.
 */
export function CoreProvider({ fallback = null, children, ...source }: CoreProviderProps) {
  const [root] = useState(() => source.store ?? new RootStore({ runtime: source.runtime, host: source.host }))
  useEffect(() => {
    root.start()
    return () => root.dispose()
  }, [root])
  return (
    <RootStoreContext.Provider value={root}>
      <Gate root={root} fallback={fallback}>{children}</Gate>
    </RootStoreContext.Provider>
  )
}
