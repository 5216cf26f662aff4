/**
 * The asset library's multi-select (/property), as pure rules over the ids in the order shown:
 * a click toggles one work and makes it the anchor; a shift-click selects every work from the anchor
 * to it (inclusive, either direction) and keeps the anchor, as file managers do; 全选 selects every
 * loaded work, or clears them when all are selected already. Ids no longer shown drop out.
 */
export interface Selection {
  /** Selected ids in the order they were added. */
  readonly ids: ReadonlyArray<number>
  /** Where the next shift-click's range starts: the last work clicked without shift. */
  readonly anchor: number | null
}

export type SelectionAction =
  | { readonly kind: "click"; readonly id: number; readonly shift: boolean }
  | { readonly kind: "selectAll" }
  | { readonly kind: "clear" }
  | { readonly kind: "keepShown" }

export const NO_SELECTION: Selection = { ids: [], anchor: null }

const rangeOf = (shown: ReadonlyArray<number>, from: number, to: number): ReadonlyArray<number> => {
  const start = shown.indexOf(from)
  const end = shown.indexOf(to)
  if (start < 0 || end < 0) return [to]
  return shown.slice(Math.min(start, end), Math.max(start, end) + 1)
}

const union = (ids: ReadonlyArray<number>, added: ReadonlyArray<number>): ReadonlyArray<number> => {
  const have = new Set(ids)
  return [...ids, ...added.filter((id) => !have.has(id))]
}

/** The selection after `action`, given the ids shown, in their order. */
export const nextSelection = (selection: Selection, action: SelectionAction, shown: ReadonlyArray<number>): Selection => {
  switch (action.kind) {
    case "click": {
      if (action.shift && selection.anchor !== null && shown.includes(selection.anchor)) {
        return { ids: union(selection.ids, rangeOf(shown, selection.anchor, action.id)), anchor: selection.anchor }
      }
      const ids = selection.ids.includes(action.id) ? selection.ids.filter((id) => id !== action.id) : [...selection.ids, action.id]
      return { ids, anchor: action.id }
    }
    case "selectAll": {
      const allSelected = shown.length > 0 && shown.every((id) => selection.ids.includes(id))
      return allSelected ? NO_SELECTION : { ids: union(selection.ids, shown), anchor: selection.anchor }
    }
    case "clear":
      return NO_SELECTION
    case "keepShown": {
      const visible = new Set(shown)
      return {
        ids: selection.ids.filter((id) => visible.has(id)),
        anchor: selection.anchor !== null && visible.has(selection.anchor) ? selection.anchor : null
      }
    }
  }
}
