import { reaction } from "mobx"
import { useCallback, useEffect, useSyncExternalStore } from "react"
import type { PagedList, PagedListView } from "../stores/paging/PagedList.js"

/**
 * Binds a PagedList to a component: starts its first page on mount (a list already loaded or
 * loading is left as it is) and re-renders on every change of its view. The logic is the list's;
 * the list's methods (`loadMore`, `retry`, `refresh`, `setParams`) are its actions.
 */
export function usePagedList<Item, Cursor, Params>(list: PagedList<Item, Cursor, Params>): PagedListView<Item> {
  useEffect(() => {
    void list.start()
  }, [list])
  const subscribe = useCallback((onChange: () => void) => reaction(() => list.view, onChange), [list])
  const read = useCallback(() => list.view, [list])
  return useSyncExternalStore(subscribe, read, read)
}
