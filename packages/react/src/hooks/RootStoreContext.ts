import { createContext } from "react"
import type { RootStore } from "../stores/RootStore.js"

/** The root store of the tree under <CoreProvider>; null outside it. Never replaced while mounted. */
export const RootStoreContext = createContext<RootStore | null>(null)
RootStoreContext.displayName = "RootStoreContext"
