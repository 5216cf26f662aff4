/** An artwork's 收藏 as the server left it after a collect or uncollect. */
export interface CollectChange {
  readonly artworkId: number
  readonly is_collected: boolean
}

export type CollectListener = (change: CollectChange) => void

/**
 * The collections changed anywhere in the app, told to the stores that list them: 收藏 in the detail
 * dialog reloads the personal center's 收藏 tab behind it, so the tab shows the work (or no longer
 * does) when the dialog closes. One per RootStore; only the server's answers are published.
 */
export class CollectChannel {
  readonly #listeners = new Set<CollectListener>()

  subscribe(listener: CollectListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  publish(change: CollectChange): void {
    for (const listener of [...this.#listeners]) listener(change)
  }
}
