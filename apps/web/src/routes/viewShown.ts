import { createContext, useContext } from "react"

/**
 * Whether the page around a component is the one on screen: false inside a page the view cache keeps
 * hidden (KeepAliveOutlet), true everywhere else. A hidden page stays mounted, so what must exist
 * once on a screen (the main landmark) asks this rather than being rendered twice.
 */
export const ViewShownContext = createContext(true)

export const useViewShown = (): boolean => useContext(ViewShownContext)
