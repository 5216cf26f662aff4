import { Effect } from "effect"
import { NetworkError } from "../api/ApiErrors.js"

/**
 * A service's implementation, loaded when it is first used rather than when the app starts: `load` is
 * a dynamic `import()` that builds it, so the web app's bundler (Vite, from source) puts its code in a
 * chunk of its own, out of the first load (issue 5: 200 KB gzip). The packed package resolves these
 * imports at once instead (ADR 0021: esbuild would bundle their targets into every consumer's app).
 *
 * Loads once: concurrent first uses share one load, and once loaded every use answers at once (no
 * async step). A failed load is forgotten, so the next use fetches again: in the browser a chunk fetch
 * fails when the person is offline, and that must not break the service for the rest of the visit.
 * The failure is a NetworkError (the toast 网络异常，请检查网络后重试, spec §8) whose `route` names the
 * code that could not be had, e.g. "code:Checkout"; facades whose shape has no NetworkError map it.
 */
export const onFirstUse = <S>(name: string, load: () => Promise<S>): Effect.Effect<S, NetworkError> => {
  let loaded: { readonly value: S } | undefined
  let loading: Promise<S> | undefined

  const start = (): Promise<S> => {
    if (loading !== undefined) return loading
    // `new Promise` turns a load that throws at once into a rejection like any other
    const attempt = new Promise<S>((resolve) => resolve(load())).then((value) => {
      loaded = { value }
      return value
    })
    loading = attempt
    attempt.catch(() => {
      if (loading === attempt) loading = undefined
    })
    return attempt
  }

  const fetch = Effect.tryPromise({
    try: start,
    catch: (cause) => new NetworkError({ route: `code:${name}`, reason: cause instanceof Error ? cause.message : String(cause) })
  }).pipe(Effect.tapError((error) => Effect.logWarning(`the code of ${name} could not be loaded: ${error.reason}`)))

  return Effect.suspend(() => (loaded === undefined ? fetch : Effect.succeed(loaded.value)))
}
