/**
 * A part of a store whose code is fetched on its first use rather than with the first load (the
 * login flows: only /login needs them). One instance for every caller; a fetch that failed
 * (offline) is tried again on the next call.
 */
export class LoadedOnDemand<T> {
  /** The instance once it has arrived, for the store's own clean-up (stop, reset). */
  current: T | null = null

  readonly #load: () => Promise<T>
  #loading: Promise<T> | null = null

  constructor(load: () => Promise<T>) {
    this.#load = load
  }

  get(): Promise<T> {
    this.#loading ??= this.#load().then(
      (value) => (this.current ??= value),
      (error: unknown) => {
        this.#loading = null
        throw error
      }
    )
    return this.#loading
  }
}

/** What the registry asks of a store that arrives with its page. */
export interface PageStore {
  reset(): void
  dispose?(): void
}

/**
 * The stores that arrive with their pages, as one entry of the root's registry: a logout resets, and
 * the root's dispose stops, those that have arrived, in the order they were declared.
 */
export class OnDemandStores {
  readonly #all: Array<LoadedOnDemand<PageStore>> = []
  /** The stores made at once by their page (`made`), by the function that made each. */
  readonly #made = new Map<(...args: never) => PageStore, PageStore>()

  add<T extends PageStore>(load: () => Promise<T>): LoadedOnDemand<T> {
    const store = new LoadedOnDemand(load)
    this.#all.push(store)
    return store
  }

  /**
   * The store `make` gives, made on the first call and the same one after: for a page whose chunk
   * brings the store's code itself (its hook imports the class), so the page never waits for it.
   */
  made<T extends PageStore>(make: () => T, key: (...args: never) => T): T {
    let store = this.#made.get(key) as T | undefined
    if (store === undefined) {
      store = make()
      this.#made.set(key, store)
    }
    return store
  }

  reset(): void {
    for (const store of this.#all) store.current?.reset()
    for (const store of this.#made.values()) store.reset()
  }

  dispose(): void {
    for (const store of this.#all) store.current?.dispose?.()
    for (const store of this.#made.values()) store.dispose?.()
  }
}
