import { Context } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { ArtworkTypeTab, LibraryArtwork, LibraryType } from "../api/schemas/LibraryArtwork.js"
import type { Effect } from "effect"
import type { DeferredMembers } from "./deferredService.js"

/** The library's filters (/property): a type tab, China days (YYYY-MM-DD, inclusive) and search words. */
export interface LibraryFilter {
  readonly type?: LibraryType | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly q?: string | undefined
}

/** One page of the viewer's library. */
export interface LibraryPage {
  readonly list: ReadonlyArray<LibraryArtwork>
  readonly total: number
}

/** Images the library shows a page at a time. */
export const LIBRARY_PAGE_SIZE = 30

export interface LibraryShape {
  /** GET /api/v2/artwork/list: one page of own artworks, newest first, under the filter (blank words are no search). */
  readonly page: (filter: LibraryFilter, page: number, size?: number) => Effect.Effect<LibraryPage, CallError>
  /** GET /api/v2/artwork/types: the type tabs with the viewer's counts. */
  readonly types: Effect.Effect<ReadonlyArray<ArtworkTypeTab>, CallError>
  /** POST /api/v2/artwork/delete in batches of 100: how many were deleted. Another's id refuses its batch (R11). */
  readonly remove: (ids: ReadonlyArray<number>) => Effect.Effect<number, CallError>
  /**
   * After a direct upload to storage (its key): file/create has the server check the bytes and give the
   * public address (R19), then POST /api/v2/artwork/upload records it as a draft of the library.
   */
  readonly recordUpload: (key: string, name?: string) => Effect.Effect<LibraryArtwork, CallError>
}

export class Library extends Context.Tag("@mido/core/Library")<Library, LibraryShape>() {}

/** The library's code (its routes and schemas) is fetched on first use; every member is a call. */
export const libraryMembers: DeferredMembers<LibraryShape> = {
  page: "call",
  types: "effect",
  remove: "call",
  recordUpload: "call"
}
