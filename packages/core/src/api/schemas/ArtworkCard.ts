import { Schema } from "effect"
import { ArtworkType, artworkFaceFields } from "./Artwork.js"

/**
 * A feed item of the inspiration square and of lists (profile works, likes, groups): what a
 * waterfall card needs, without the parameters and the author's counts that only the dialog shows.
 * The dialog loads the full Artwork by id.
 */
export const ArtworkCard = Schema.Struct({
  type: ArtworkType,
  ...artworkFaceFields,
  is_like: Schema.Boolean.annotations({ description: "the viewer liked it; false for a visitor" })
}).annotations({ identifier: "ArtworkCard" })
export type ArtworkCard = typeof ArtworkCard.Type
