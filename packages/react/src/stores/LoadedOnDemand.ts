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
