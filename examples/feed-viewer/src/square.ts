import { Analytics, type ArtworkCard, Artworks, type CallError, FileSaver, type FeedSort, KeyValueStore, makeCoreRuntime } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { Effect, type Either, Layer } from "effect"

/**
 * The four ports @mido/core asks of every frontend, as a terminal gives them: HTTP over fetch (the
 * core's own adapter), a key-value store in memory (nobody logs in here, nothing must outlive the
 * run), analytics that go nowhere, and no files to save.
 */
export const terminalPorts = (baseUrl: string) => {
  const stored = new Map<string, string>()
  return Layer.mergeAll(
    FetchHttpLayer({ baseUrl }),
    Layer.succeed(KeyValueStore, {
      get: (key) => Effect.sync(() => stored.get(key)),
      set: (key, value) => Effect.sync(() => void stored.set(key, value)),
      remove: (key) => Effect.sync(() => void stored.delete(key))
    }),
    Layer.succeed(Analytics, { push: () => Effect.void }),
    Layer.succeed(FileSaver, { save: () => Effect.void })
  )
}

export interface SquareOptions {
  readonly sort?: FeedSort
  readonly size?: number
}

/** The square's first page from a running Mido server: the cards, or the typed error of the call. */
export const readSquare = async (baseUrl: string, options: SquareOptions = {}): Promise<Either.Either<ReadonlyArray<ArtworkCard>, CallError>> => {
  const runtime = makeCoreRuntime(terminalPorts(baseUrl))
  try {
    const page = Artworks.pipe(Effect.flatMap((artworks) => artworks.feed({ sort: options.sort ?? "latest", size: options.size ?? 20 })))
    return await runtime.runPromise(Effect.either(Effect.map(page, (found) => found.list)))
  } finally {
    await runtime.dispose()
  }
}

/** One line per card: the title (无题 when it has none), the author, the likes. */
export const cardLine = (card: ArtworkCard, index: number): string =>
  `${String(index + 1).padStart(2, " ")}. 《${card.title ?? "无题"}》 作者：${card.user_name} ♥ ${card.stat.like_count}`
