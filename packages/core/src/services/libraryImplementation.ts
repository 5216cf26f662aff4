import { Effect } from "effect"
import { libraryRoutes } from "../api/routes/artwork/libraryRoutes.js"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import type { ApiClientShape } from "./ApiClient.js"
import { LIBRARY_PAGE_SIZE, type LibraryFilter, type LibraryShape } from "./Library.js"

/** What Library works with; LibraryLive reads it from the context when the app starts. */
export interface LibraryDependencies {
  readonly api: ApiClientShape
}

const DELETE_BATCH = 100

/** Blank filter fields are no filter: the query carries only what narrows the list. */
const queryOf = ({ type, from, to, q }: LibraryFilter) => {
  const words = q?.trim() ?? ""
  return {
    ...(type === undefined ? {} : { type }),
    ...(from === undefined || from === "" ? {} : { from }),
    ...(to === undefined || to === "" ? {} : { to }),
    ...(words === "" ? {} : { q: words })
  }
}

const chunks = <A>(items: ReadonlyArray<A>, size: number): Array<ReadonlyArray<A>> =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size))

/** Library's implementation (see LibraryShape), loaded on first use with the other deferred services. */
export const makeLibrary = ({ api }: LibraryDependencies): LibraryShape => {
  return {
    page: (filter, page, size = LIBRARY_PAGE_SIZE) => api.call(libraryRoutes.libraryList, { ...queryOf(filter), page, size }),
    types: Effect.map(api.call(libraryRoutes.types, {}), (answer) => answer.list),
    remove: (ids) =>
      Effect.reduce(chunks([...new Set(ids)], DELETE_BATCH), 0, (deleted, batch) =>
        Effect.map(api.call(libraryRoutes.deleteArtworks, { ids: batch }), (answer) => deleted + answer.deleted)),
    recordUpload: (key, name) =>
      Effect.flatMap(api.call(fileRoutes.fileCreate, { key, scene: "artwork", ...(name === undefined ? {} : { name: name.slice(0, 100) }) }), (stored) =>
        api.call(libraryRoutes.upload, { type: "sd", url: stored.url, parameters: { prompt: "", negative_prompt: "", models: [], args: [] } }))
  }
}
