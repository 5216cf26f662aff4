import { use } from "react"
import type { CommunityStore } from "../stores/community/CommunityStore.js"
import { useRootStore } from "./useRootStore.js"

/**
 * The community posts' stores (feed, detail, composer); suspends until their code has arrived (first
 * visit of a community page). A module of its own: only those pages' chunks import it.
 */
export const useCommunityStore = (): CommunityStore => use(useRootStore().communityStore())
