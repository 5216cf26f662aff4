/** One answer of a paged list: the items, where the next page starts, and what the server counts. */
export interface Page<Item, Cursor> {
  readonly items: ReadonlyArray<Item>
  /** Where the next page starts (a page number, a keyset cursor); null when this page was the last. */
  readonly next: Cursor | null
  /** How many items the list has in all, when the server says: more pages load only while fewer are shown (MS4). */
  readonly total?: number
  /** Rewrites the items already shown as this page arrives (the inbox marks them read, spec §4). */
  readonly reviseShown?: (shown: ReadonlyArray<Item>) => ReadonlyArray<Item>
}

/** What a list asks its `fetchPage` for. */
export interface PageRequest<Cursor, Params> {
  /** undefined for the first page; then the `next` of the page before. */
  readonly cursor: Cursor | undefined
  readonly params: Params
  /** How many items are shown before this page (0 for a first page). */
  readonly shown: number
  /** Aborted when the answer can no longer be used: a newer request, a reset. */
  readonly signal: AbortSignal
}

/**
 * Loads one page. Resolves with the page, or with undefined when the call was interrupted (nothing
 * to show and no error); rejects with the failure, which the list keeps for `retry()`.
 */
export type FetchPage<Item, Cursor, Params> = (request: PageRequest<Cursor, Params>) => Promise<Page<Item, Cursor> | undefined>

/** A page/size answer as the API gives it (spec §7: `{list, total}`). */
export interface NumberedAnswer<Item> {
  readonly list: ReadonlyArray<Item>
  readonly total: number
}

/**
 * Page/size lists with page numbers as cursors (1-based). An empty page ends the list even when the
 * total promised more (a total that shrank meanwhile); otherwise the list's total check decides.
 */
export const numberedPage = <Item>(page: number, answer: NumberedAnswer<Item>): Page<Item, number> => ({
  items: answer.list,
  next: answer.list.length === 0 ? null : page + 1,
  total: answer.total
})
