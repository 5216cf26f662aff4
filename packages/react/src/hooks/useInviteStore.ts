import { use } from "react"
import type { InviteStore } from "../stores/invite/InviteStore.js"
import { useRootStore } from "./useRootStore.js"

/**
 * The invite pages' store; suspends until its code has arrived (first visit of /invite-info or
 * /invited). A module of its own: only the invite pages' chunk imports it, so /list's first load
 * (at its budget, ADR 0007) carries none of it.
 */
export const useInviteStore = (): InviteStore => use(useRootStore().inviteStore())
