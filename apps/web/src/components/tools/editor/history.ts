import type { MaskTool } from "./types"
import type { Point } from "./viewport"

/** One brush stroke in image pixels: the tool, its diameter and the pointer's path. */
export type Stroke = { readonly tool: MaskTool; readonly size: number; readonly points: ReadonlyArray<Point> }

export type HistoryEntry = { readonly kind: "stroke"; readonly stroke: Stroke } | { readonly kind: "clear" }

/**
 * The undo stack (pure, immutable): every stroke and 清空 in order; `cursor` entries are applied,
 * the ones after it can be redone until a new entry is pushed.
 */
export type History = { readonly entries: ReadonlyArray<HistoryEntry>; readonly cursor: number }

export const emptyHistory: History = { entries: [], cursor: 0 }

export function push(history: History, entry: HistoryEntry): History {
  return { entries: [...history.entries.slice(0, history.cursor), entry], cursor: history.cursor + 1 }
}

export const canUndo = (history: History): boolean => history.cursor > 0
export const canRedo = (history: History): boolean => history.cursor < history.entries.length

export function undo(history: History): History {
  return canUndo(history) ? { ...history, cursor: history.cursor - 1 } : history
}

export function redo(history: History): History {
  return canRedo(history) ? { ...history, cursor: history.cursor + 1 } : history
}

/** The strokes that make the mask now: the applied ones after the last applied 清空. */
export function visibleStrokes(history: History): ReadonlyArray<Stroke> {
  const applied = history.entries.slice(0, history.cursor)
  let start = 0
  applied.forEach((entry, index) => {
    if (entry.kind === "clear") start = index + 1
  })
  return applied.slice(start).flatMap((entry) => (entry.kind === "stroke" ? [entry.stroke] : []))
}

/** Pushing 清空 on an empty mask would only add an undo step that changes nothing. */
export function clear(history: History): History {
  return visibleStrokes(history).length === 0 ? history : push(history, { kind: "clear" })
}
