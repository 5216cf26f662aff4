import { useRootStore } from "../hooks/useRootStore.js"
import { type AdminRootStore, adminRootStoreOf } from "./AdminRootStore.js"

/** The console's root store, over the surrounding <CoreProvider>'s root (console pages only). */
export const useAdminRootStore = (): AdminRootStore => adminRootStoreOf(useRootStore())
