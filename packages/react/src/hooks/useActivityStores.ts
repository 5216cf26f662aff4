import { use } from "react"
import type { ActivityStore } from "../stores/activity/ActivityStore.js"
import type { SpecialTopicStore } from "../stores/activity/SpecialTopicStore.js"
import { useRootStore } from "./useRootStore.js"

/**
 * The activity and special-topic pages' stores; each suspends until its code has arrived. A module of
 * its own: only those pages' chunks import it, so /list's first load (ADR 0007) carries none of it.
 */
export const useActivityStore = (): ActivityStore => use(useRootStore().activityStore())
export const useSpecialTopicStore = (): SpecialTopicStore => use(useRootStore().specialTopicStore())
