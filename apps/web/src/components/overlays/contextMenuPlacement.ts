/** Spec §9: the menu fades out over 200 ms. */
export const CONTEXT_MENU_LEAVE_MS = 200
/** Spec §9: the menu sits 10 px from the pointer; where exactly is ContextMenuStore.positionFor (the core's LY3). */
export const CONTEXT_MENU_OFFSET = 10
