import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Id } from "../../schemas/common.js"
import { IdBatch } from "../../schemas/textFields.js"

/** The personal center's 移入作品集: own artworks appended to an own group (issue 12). */
export const groupMoveRoutes = {
  addToGroup: defineRoute({
    name: "artwork.addToGroup",
    method: "POST",
    path: "/api/v1/user/add_artworks_to_group",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({
      group_id: Id.annotations({ description: "an own group (R11)" }),
      artwork_ids: IdBatch(Id, 100).annotations({ description: "own live artworks; ones already in the group stay where they are" })
    }),
    data: Schema.Struct({
      group_id: Id,
      added: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "how many were not in the group before" }),
      artwork_count: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "the group's artworks after the call" })
    }),
    summary: "Appends own artworks to the end of an own group without resending its whole list (ours: the spec's update_artwork_group replaces the list)."
  })
} as const
