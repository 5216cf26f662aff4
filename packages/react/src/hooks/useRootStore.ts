import { useContext } from "react"
import type { RootStore } from "../stores/RootStore.js"
import { RootStoreContext } from "./RootStoreContext.js"

export const OUTSIDE_PROVIDER_MESSAGE = "useRootStore must be used inside <CoreProvider>"

/** The root store of the surrounding <CoreProvider>; throws a helpful error outside one. */
export const useRootStore = (): RootStore => {
  const store = useContext(RootStoreContext)
  if (store === null) throw new Error(OUTSIDE_PROVIDER_MESSAGE)
  return store
}
