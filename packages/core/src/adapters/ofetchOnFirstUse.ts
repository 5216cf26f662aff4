import type { $Fetch, createFetch } from "ofetch"

// Internal to FetchHttp.ts (no entry exports it): ofetch's types import undici's, and must not reach a
// consumer's .d.ts (packages/core/CONTEXT.md, "Recipe: the live Http adapter").

/** What the adapter takes from ofetch's module. */
export interface OfetchModule {
  readonly createFetch: typeof createFetch
}

/**
 * ofetch (with ufo and destr, 4 KB gzip) arrives as a chunk of its own, out of the entry a page loads
 * first (ADR 0029): by the first call it is there or on its way, and a call waits for it. Loaded once;
 * a failed fetch of the chunk (offline) is that call's failure and is forgotten, so the next call asks
 * again rather than every call failing for the rest of the visit (as services/onFirstUse.ts does).
 */
export const ofetchOnFirstUse = (load: () => Promise<OfetchModule>, fetchOf: typeof globalThis.fetch): (() => Promise<$Fetch>) => {
  let loading: Promise<$Fetch> | undefined
  return () => {
    if (loading !== undefined) return loading
    const attempt = load().then(({ createFetch }) => createFetch({ fetch: (input, init) => fetchOf(input, init) }))
    loading = attempt
    // forgotten when it fails; the call that waits on it reports the failure (no unhandled rejection here)
    attempt.catch(() => {
      if (loading === attempt) loading = undefined
    })
    return attempt
  }
}
