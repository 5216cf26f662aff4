/**
 * A change told to every store that shows it (a like, a collect): one per RootStore; a store publishes
 * only what the server answered, and listeners only copy the state (they never publish), so nothing echoes.
 */
export class Channel<Change> {
  readonly #listeners = new Set<(change: Change) => void>()

  /** Follows the changes; gives back what stops following. */
  subscribe(listener: (change: Change) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  publish(change: Change): void {
    for (const listener of [...this.#listeners]) listener(change)
  }
}
