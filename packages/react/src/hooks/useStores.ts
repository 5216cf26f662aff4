import type { ArtworkDetailStore } from "../stores/ArtworkDetailStore.js"
import type { CheckoutStore } from "../stores/CheckoutStore.js"
import type { AigcStore } from "../stores/generation/AigcStore.js"
import type { GenerationStore } from "../stores/generation/GenerationStore.js"
import type { ToolStore } from "../stores/tools/ToolStore.js"
import type { AssistantStore } from "../stores/assistant/AssistantStore.js"
import type { FeaturePromptStore } from "../stores/notice/FeaturePromptStore.js"
import type { FixedNoticeStore } from "../stores/notice/FixedNoticeStore.js"
import type { PersonalStore } from "../stores/personal/PersonalStore.js"
import type { ClipboardStore } from "../stores/ClipboardStore.js"
import type { ConfigStore } from "../stores/ConfigStore.js"
import type { ConfirmStore } from "../stores/ConfirmStore.js"
import type { ContextMenuStore } from "../stores/ContextMenuStore.js"
import type { InboxStore } from "../stores/InboxStore.js"
import type { LoadingStore } from "../stores/LoadingStore.js"
import type { PropertyStore } from "../stores/property/PropertyStore.js"
import type { ReminderStore } from "../stores/ReminderStore.js"
import type { SavedFlagsStore } from "../stores/SavedFlagsStore.js"
import type { SessionStore } from "../stores/SessionStore.js"
import type { SidebarStore } from "../stores/SidebarStore.js"
import type { ToastStore } from "../stores/ToastStore.js"
import type { WalletStore } from "../stores/WalletStore.js"
import type { WebuiStore } from "../stores/webui/WebuiStore.js"
import type { WorkStore } from "../stores/WorkStore.js"
import { use } from "react"
import { useRootStore } from "./useRootStore.js"

// One hook per store. They return the store itself: read its fields inside observer components.

export const useToastStore = (): ToastStore => useRootStore().toasts
export const useConfirmStore = (): ConfirmStore => useRootStore().confirmDialog
export const useLoadingStore = (): LoadingStore => useRootStore().loading
export const useClipboardStore = (): ClipboardStore => useRootStore().clipboard
export const useSavedFlagsStore = (): SavedFlagsStore => useRootStore().flags
export const useSessionStore = (): SessionStore => useRootStore().session
export const useConfigStore = (): ConfigStore => useRootStore().config
export const useSidebarStore = (): SidebarStore => useRootStore().sidebar
export const useWalletStore = (): WalletStore => useRootStore().wallet
export const useInboxStore = (): InboxStore => useRootStore().inbox
/** Suspends until the checkout store's code has arrived (first use); render it under a Suspense. */
export const useCheckoutStore = (): CheckoutStore => use(useRootStore().checkoutStore())
export const useReminderStore = (): ReminderStore => useRootStore().reminders
export const useWorkStore = (): WorkStore => useRootStore().work
export const useContextMenuStore = (): ContextMenuStore => useRootStore().contextMenu

/** The personal center's store; suspends until its code has arrived (first visit of /personal). */
export const usePersonalStore = (): PersonalStore => use(useRootStore().personalStore())

/** Suspends until the artwork detail store's code has arrived (first opening); render it under a Suspense. */
export const useArtworkDetailStore = (): ArtworkDetailStore => use(useRootStore().artworkDetailStore())

/** Suspends until the asset library's store has arrived (first visit of /property); render it under a Suspense. */
export const usePropertyStore = (): PropertyStore => use(useRootStore().propertyStore())

/** Suspends until the drawing tasks' store has arrived (first creation page); render it under a Suspense. */
export const useGenerationStore = (): GenerationStore => use(useRootStore().generationStore())

/** Suspends until /webui's store has arrived (first visit of /webui); render it under a Suspense. */
export const useWebuiStore = (): WebuiStore => use(useRootStore().webuiStore())
/** Suspends until /aigc's store has arrived (first visit of /aigc). */
export const useAigcStore = (): AigcStore => use(useRootStore().aigcStore())
/** Suspends until the assistant's store has arrived (first visit of /intelligent); render it under a Suspense. */
export const useAssistantStore = (): AssistantStore => use(useRootStore().assistantStore())
/** Suspends until the fixed notice's store has arrived (the account overlays' layer); render it under a Suspense. */
export const useFixedNoticeStore = (): FixedNoticeStore => use(useRootStore().fixedNoticeStore())
/** Suspends until the feature prompt's store has arrived (the account overlays' layer); render it under a Suspense. */
export const useFeaturePromptStore = (): FeaturePromptStore => use(useRootStore().featurePromptStore())
/** Suspends until the AI tool pages' store has arrived (first tool page); render it under a Suspense. */
export const useToolStore = (): ToolStore => use(useRootStore().toolStore())
