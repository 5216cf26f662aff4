import { safeReturn } from "@mido/core"
import { rawRef } from "./NavigationGuard"

/** NV8: where /login goes after a login: the safe `ref` of its query, or /list. */
export const returnAddress = (search: string): string => safeReturn(rawRef(search))
