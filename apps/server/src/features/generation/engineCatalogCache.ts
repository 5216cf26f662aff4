import type { EngineCatalogList, ImageEngine } from "../../adapters/engine/imageEnginePort.js"

/**
 * Each engine's catalogue as the submit check reads it (ADR 0014): kept for CATALOG_FRESH_MS, read
 * again on a miss (a model the operator just added) at most once per CATALOG_MISS_REFRESH_MS, and
 * keyed by the engine itself, so a new engine (a restart with other settings, another registry in a
 * test) starts with no catalogue. A catalogue read that fails or takes longer than CATALOG_READ_MS
 * answers the last one read; with none, undefined (the caller decides).
 */
export const CATALOG_FRESH_MS = 60_000
export const CATALOG_MISS_REFRESH_MS = 5_000
export const CATALOG_READ_MS = 5_000

interface Entry {
  readonly list: EngineCatalogList
  readonly readAt: number
}

interface EngineState {
  entry?: Entry
  reading?: Promise<EngineCatalogList | undefined>
  lastMissRefresh?: number
}

const states = new WeakMap<ImageEngine, EngineState>()

const stateOf = (engine: ImageEngine): EngineState => {
  let state = states.get(engine)
  if (state === undefined) {
    state = {}
    states.set(engine, state)
  }
  return state
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`catalog took over ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    )
  })

export interface CatalogRead {
  readonly now: () => Date
  readonly onError?: (engine: ImageEngine, error: unknown) => void
}

/** Reads the engine's catalogue once, however many submits ask at the same moment. */
const read = (engine: ImageEngine, state: EngineState, deps: CatalogRead): Promise<EngineCatalogList | undefined> => {
  if (state.reading !== undefined) return state.reading
  const reading = withTimeout(engine.catalog(), CATALOG_READ_MS)
    .then((list) => {
      state.entry = { list, readAt: deps.now().getTime() }
      return list
    })
    .catch((error: unknown) => {
      deps.onError?.(engine, error)
      return state.entry?.list
    })
    .finally(() => {
      state.reading = undefined
    })
  state.reading = reading
  return reading
}

/** The engine's catalogue: the cached one while fresh, else read again; undefined when never read. */
export const cachedCatalog = async (engine: ImageEngine, deps: CatalogRead): Promise<EngineCatalogList | undefined> => {
  const state = stateOf(engine)
  const entry = state.entry
  if (entry !== undefined && deps.now().getTime() - entry.readAt < CATALOG_FRESH_MS) return entry.list
  return read(engine, state, deps)
}

/**
 * After a name was not found: the catalogue read again (the model may be new), at most once per
 * CATALOG_MISS_REFRESH_MS per engine (a stream of bad names must not turn into a stream of catalogue
 * calls). Undefined when no fresher catalogue is to be had.
 */
export const refreshedOnMiss = async (engine: ImageEngine, deps: CatalogRead): Promise<EngineCatalogList | undefined> => {
  const state = stateOf(engine)
  const now = deps.now().getTime()
  if (state.lastMissRefresh !== undefined && now - state.lastMissRefresh < CATALOG_MISS_REFRESH_MS) return undefined
  state.lastMissRefresh = now
  return read(engine, state, deps)
}
