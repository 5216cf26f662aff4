import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { IdBatch, OptionalUserText, UserText } from "./textFields.js"

/** An artwork group (作品集): a named, ordered set of one user's artworks. */
export const ArtworkGroup = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.String,
  cover: Schema.NullOr(Schema.String).annotations({ description: "the chosen cover, else the newest artwork's; null while empty" }),
  artwork_count: Schema.Int.pipe(Schema.nonNegative()),
  is_public: Schema.Boolean.annotations({ description: "private groups are seen by their owner only (R11)" }),
  created_at: UnixSeconds
}).annotations({ identifier: "ArtworkGroup" })
export type ArtworkGroup = typeof ArtworkGroup.Type

const GroupName = UserText("作品集名称", 20)
const GroupDescription = OptionalUserText("作品集简介", 200)
const ArtworkIds = IdBatch(Id, 500).annotations({
  description: "the group's artworks in display order; the viewer's own artworks only (R11)"
})
const CoverArtworkId = Id.annotations({ description: "one of the group's artworks; no free image address, so no foreign image" })

/** POST /api/v1/user/create_artwork_group: what the owner sets; counts and dates are the server's (R12). */
export const ArtworkGroupCreate = Schema.Struct({
  name: GroupName,
  description: Schema.optionalWith(GroupDescription, { default: () => "" }),
  is_public: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  cover_artwork_id: Schema.optional(CoverArtworkId),
  artwork_ids: Schema.optional(ArtworkIds)
})
export type ArtworkGroupCreate = typeof ArtworkGroupCreate.Type

/**
 * POST /api/v1/user/update_artwork_group: a patch; an absent field stays as it is. `artwork_ids`
 * replaces the whole list; `cover_artwork_id: null` goes back to the automatic cover.
 */
export const ArtworkGroupUpdate = Schema.Struct({
  id: Id,
  name: Schema.optional(GroupName),
  description: Schema.optional(GroupDescription),
  is_public: Schema.optional(Schema.Boolean),
  cover_artwork_id: Schema.optional(Schema.NullOr(CoverArtworkId)),
  artwork_ids: Schema.optional(ArtworkIds)
})
export type ArtworkGroupUpdate = typeof ArtworkGroupUpdate.Type
