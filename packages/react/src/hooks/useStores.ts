import type { CheckoutStore } from "../stores/CheckoutStore.js"
import type { ConfigStore } from "../stores/ConfigStore.js"
import type { ContextMenuStore } from "../stores/ContextMenuStore.js"
import type { InboxStore } from "../stores/InboxStore.js"
import type { ReminderStore } from "../stores/ReminderStore.js"
import type { SessionStore } from "../stores/SessionStore.js"
import type { SidebarStore } from "../stores/SidebarStore.js"
import type { UiStore } from "../stores/UiStore.js"
import type { WalletStore } from "../stores/WalletStore.js"
import type { WorkStore } from "../stores/WorkStore.js"
import { useRootStore } from "./useRootStore.js"

// One hook per domain store. They return the store itself: read its fields inside observer components.

export const useUiStore = (): UiStore => useRootStore().ui
export const useSessionStore = (): SessionStore => useRootStore().session
export const useConfigStore = (): ConfigStore => useRootStore().config
export const useSidebarStore = (): SidebarStore => useRootStore().sidebar
export const useWalletStore = (): WalletStore => useRootStore().wallet
export const useInboxStore = (): InboxStore => useRootStore().inbox
export const useCheckoutStore = (): CheckoutStore => useRootStore().checkout
export const useReminderStore = (): ReminderStore => useRootStore().reminders
export const useWorkStore = (): WorkStore => useRootStore().work
export const useContextMenuStore = (): ContextMenuStore => useRootStore().contextMenu
