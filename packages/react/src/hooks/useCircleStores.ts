import { use } from "react"
import type { AssignmentStore } from "../stores/circle/AssignmentStore.js"
import type { CircleDetailStore } from "../stores/circle/CircleDetailStore.js"
import type { CircleFormStore } from "../stores/circle/CircleFormStore.js"
import type { CirclesStore } from "../stores/circle/CirclesStore.js"
import type { GroupStore } from "../stores/circle/GroupStore.js"
import { useRootStore } from "./useRootStore.js"

/**
 * The circle pages' stores; each hook suspends until their code has arrived (the first visit of a
 * circle page). A module of its own: only those pages' chunks import it, so /list's first load
 * carries none of it.
 */
export const useCirclesStore = (): CirclesStore => use(useRootStore().circleStores()).circles
export const useCircleDetailStore = (): CircleDetailStore => use(useRootStore().circleStores()).detail
export const useCircleFormStore = (): CircleFormStore => use(useRootStore().circleStores()).form
export const useAssignmentStore = (): AssignmentStore => use(useRootStore().circleStores()).assignment
export const useGroupStore = (): GroupStore => use(useRootStore().circleStores()).group
