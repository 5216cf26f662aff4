/** Spec §2's entries, in Chinese: 'download image', 'close' and the disabled 'no action'. */
export const ContextMenuTexts = {
  label: "右键菜单",
  download: "下载图片",
  close: "关闭",
  none: "暂无操作"
} as const

/** Text fields keep the browser's own menu: paste and spelling help matter more there. */
export const isEditable = (element: Element | null): boolean =>
  element?.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])") != null

export const insideMenu = (element: Element | null): boolean => element?.closest("[data-context-menu]") != null

/** The image under the pointer, as the address it shows. */
export const imageUnder = (element: Element | null): string | undefined => {
  const image = element?.closest("img")
  return image ? image.currentSrc || image.src || undefined : undefined
}
