import { makeSquareStore, type SquareStore } from "../stores/square/SquareStore.js"
import { useRootStore } from "./useRootStore.js"

/**
 * /list's store, made on the page's first render. A module of its own: only the square page's chunk
 * imports it, so the store's code (the feed's paged list, the masonry) travels in that chunk, which
 * index.html preloads beside the entry, rather than in the first load (ADR 0031).
 */
export const useSquareStore = (): SquareStore => useRootStore().pageStore(makeSquareStore)
