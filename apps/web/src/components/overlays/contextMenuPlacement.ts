/** Spec §9: the menu sits 10 px from the pointer and at least 8 px inside the window. */
export const CONTEXT_MENU_OFFSET = 10
export const CONTEXT_MENU_MARGIN = 8
/** Spec §9: the menu fades out over 200 ms. */
export const CONTEXT_MENU_LEAVE_MS = 200

export interface Size {
  readonly width: number
  readonly height: number
}

export interface Point {
  readonly x: number
  readonly y: number
}

/**
 * One axis: after the pointer by the offset; flipped before it when that would cross the far edge;
 * then clamped between the margins (the near margin wins when the window is smaller than the menu).
 */
const placeOnAxis = (pointer: number, extent: number, room: number): number => {
  const after = pointer + CONTEXT_MENU_OFFSET
  const start = after + extent + CONTEXT_MENU_MARGIN <= room ? after : pointer - CONTEXT_MENU_OFFSET - extent
  return Math.max(CONTEXT_MENU_MARGIN, Math.min(start, room - extent - CONTEXT_MENU_MARGIN))
}

/** The menu's top-left corner for a right-click at `pointer`, inside a window of `viewport` (spec §2). */
export const placeContextMenu = (pointer: Point, menu: Size, viewport: Size): Point => ({
  x: placeOnAxis(pointer.x, menu.width, viewport.width),
  y: placeOnAxis(pointer.y, menu.height, viewport.height)
})
