/** The compare slider's divider position (pure): percent of the width from the left, 0–100. */

export const clampPercent = (value: number): number => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 50)

/** Where a pointer at clientX puts the divider inside a frame [left, left + width]. */
export function percentAt(clientX: number, left: number, width: number): number {
  return width > 0 ? clampPercent(((clientX - left) / width) * 100) : 50
}

/** The keyboard on the divider: arrows 1 % (shift 10 %), Page Up/Down 10 %, Home / End the edges; null for other keys. */
export function keyStep(key: string, shift: boolean, current: number): number | null {
  const step = shift ? 10 : 1
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return clampPercent(current - step)
    case "ArrowRight":
    case "ArrowUp":
      return clampPercent(current + step)
    case "PageDown":
      return clampPercent(current - 10)
    case "PageUp":
      return clampPercent(current + 10)
    case "Home":
      return 0
    case "End":
      return 100
    default:
      return null
  }
}
