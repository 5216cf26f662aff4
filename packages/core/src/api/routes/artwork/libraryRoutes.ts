import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { ArtworkUpload } from "../../schemas/ArtworkUpload.js"
import { Id, Page, PageQuery } from "../../schemas/common.js"
import { ArtworkTypeTab, AuditStatus, LibraryArtwork, LibraryType } from "../../schemas/LibraryArtwork.js"
import { LibraryDay, LibrarySearch } from "../../schemas/LibraryQuery.js"
import { IdBatch } from "../../schemas/textFields.js"

/**
 * The viewer's own library (/property): list with filters and search, type tabs, batch delete and the
 * record of an uploaded image. A part of the artwork group of its own, so the Library service pulls
 * these routes (and not the feed's or the dialog's) into its chunk.
 */
export const libraryRoutes = {
  libraryList: defineRoute({
    name: "artwork.libraryList",
    method: "GET",
    path: "/api/v2/artwork/list",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({
      type: Schema.optional(LibraryType.annotations({ description: "a tab: sd is drawings on /webui only; upload and tool are their own tabs" })),
      audit_status: Schema.optional(AuditStatus),
      q: Schema.optional(LibrarySearch),
      from: Schema.optional(LibraryDay.annotations({ description: "first China day shown, YYYY-MM-DD (inclusive)" })),
      to: Schema.optional(LibraryDay.annotations({ description: "last China day shown, YYYY-MM-DD (inclusive)" })),
      ...PageQuery.fields
    }),
    data: Page(LibraryArtwork),
    summary:
      "The viewer's own artworks, newest first, published or not (/property): by type, review state, China days (from/to) and words of the prompt or title (q, a literal substring, case-insensitive) (payload ours: not shown)."
  }),
  types: defineRoute({
    name: "artwork.types",
    method: "GET",
    path: "/api/v2/artwork/types",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: Schema.Struct({ list: Schema.Array(ArtworkTypeTab) }),
    summary: "The library's six type tabs (four drawing types, 上传, 工具) with the viewer's count in each (payload ours: not shown)."
  }),
  deleteArtworks: defineRoute({
    name: "artwork.deleteArtworks",
    method: "POST",
    path: "/api/v2/artwork/delete",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ ids: IdBatch(Id, 100) }),
    data: Schema.Struct({ deleted: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "how many of ids were live and are gone" }) }),
    summary:
      "Deletes own artworks from the library for good, up to 100 at once. A batch naming another user's artwork is refused whole and deletes nothing (R11); own ones already gone are skipped (payload ours: not shown)."
  }),
  upload: defineRoute({
    name: "artwork.upload",
    method: "POST",
    path: "/api/v2/artwork/upload",
    auth: "required",
    encoding: "json",
    input: ArtworkUpload,
    data: LibraryArtwork,
    summary:
      "Saves an image already in storage (drawn on /webui, or uploaded on /property with empty settings) into the library as a draft of the 上传 tab (payload ours: not shown)."
  })
} as const
