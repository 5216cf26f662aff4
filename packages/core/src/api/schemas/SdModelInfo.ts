import { Schema } from "effect"
import { Id } from "./common.js"
import { SdModelType } from "./ArtworkParameters.js"

/**
 * What a model chip of the artwork dialog opens (GET /api/v1/open/artwork/models/info): the model's
 * card, and whether the viewer already has it in their online SD model list (POST /api/v1/sd/models/add).
 */
export const SdModelInfo = Schema.Struct({
  id: Id,
  type: SdModelType,
  name: Schema.String,
  cover: Schema.String,
  description: Schema.String.annotations({ description: "plain text, line breaks kept (R16)" }),
  base_model: Schema.String.annotations({ description: "e.g. SD 1.5, SDXL 1.0" }),
  files: Schema.Array(Schema.Struct({ name: Schema.String, size: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "bytes" }) })),
  tags: Schema.Array(Schema.String),
  use_count: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "artworks drawn with it" }),
  is_added: Schema.Boolean.annotations({ description: "in the viewer's model list; false for a visitor" })
}).annotations({ identifier: "SdModelInfo" })
export type SdModelInfo = typeof SdModelInfo.Type
