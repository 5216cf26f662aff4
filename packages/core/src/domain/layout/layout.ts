/** LY1 (spec §2, §9): the sidebar collapses by itself when the window is 1440 px wide or less. */
export const SIDEBAR_WIDTH_PX = 240
export const SIDEBAR_COLLAPSE_AT_PX = 1440
/** Below this width the collapsed sidebar becomes a drawer over the page. */
export const SIDEBAR_DRAWER_BELOW_PX = 768

export type SidebarMode = "expanded" | "collapsed" | "drawer"

/**
 * LY1: the sidebar for a window width and the persisted expanded flag. Wide windows honour the flag;
 * at 1440 px or less the sidebar is collapsed whatever the flag says; narrow screens get a drawer.
 */
export const sidebarMode = (windowWidth: number, expandedFlag: boolean): SidebarMode =>
  windowWidth < SIDEBAR_DRAWER_BELOW_PX ? "drawer"
    : windowWidth <= SIDEBAR_COLLAPSE_AT_PX || !expandedFlag ? "collapsed"
      : "expanded"

/** LY2: the content's left margin: 258 px beside the expanded sidebar, 18 px otherwise. */
export const contentMarginPx = (mode: SidebarMode): number => (mode === "expanded" ? 258 : 18)

export const CONTEXT_MENU_OFFSET_PX = 10
export const CONTEXT_MENU_MARGIN_PX = 8

export interface Size {
  readonly width: number
  readonly height: number
}

/**
 * One axis: after the pointer by the offset; flipped before it when that would come closer than the
 * margin to the far edge; then clamped between the margins (the near one wins in a window smaller
 * than the menu).
 */
const placeAxis = (pointer: number, size: number, viewport: number): number => {
  const after = pointer + CONTEXT_MENU_OFFSET_PX
  const start = after + size + CONTEXT_MENU_MARGIN_PX <= viewport ? after : pointer - CONTEXT_MENU_OFFSET_PX - size
  return Math.max(CONTEXT_MENU_MARGIN_PX, Math.min(start, viewport - size - CONTEXT_MENU_MARGIN_PX))
}

/**
 * LY3: where the context menu's top-left corner goes for a right-click at (x, y): 10 px below and to
 * the right of the pointer; flipped to the other side when it would come closer than 8 px to an edge,
 * and never less than 8 px inside the window (spec §2 "stays inside the window edges", §9).
 */
export const placeContextMenu = (pointer: { readonly x: number; readonly y: number }, menu: Size, viewport: Size) => ({
  left: placeAxis(pointer.x, menu.width, viewport.width),
  top: placeAxis(pointer.y, menu.height, viewport.height)
})
