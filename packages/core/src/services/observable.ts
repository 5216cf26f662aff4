/** Stops a subscription. */
export type Unsubscribe = () => void

/** What makeObservable gives: the current value, a way to change it, and its listeners. */
export interface Observable<A> {
  readonly get: () => A
  readonly publish: (value: A) => void
  readonly subscribe: (listener: (value: A) => void) => Unsubscribe
}

/**
 * A current value plus listeners told of every change. Services expose `subscribe` built on this so
 * MobX stores can follow them; a plain callback costs nothing in the bundle, where Effect Stream
 * would add ~17 KB gzip (ADR 0005).
 */
export const makeObservable = <A>(initial: A): Observable<A> => {
  let current = initial
  const listeners = new Set<(value: A) => void>()
  return {
    get: (): A => current,
    publish: (value: A): void => {
      current = value
      for (const listener of [...listeners]) listener(value)
    },
    subscribe: (listener: (value: A) => void): Unsubscribe => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}
