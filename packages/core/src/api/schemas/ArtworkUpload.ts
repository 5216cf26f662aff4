import { Schema } from "effect"
import { Id } from "./common.js"
import { SdModelType } from "./ArtworkParameters.js"
import { ImageUrl, OptionalUserText, UserText } from "./textFields.js"

const Name = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max))

/** The settings of an online-SD image as the /webui page reports them, capped for storage. */
export const SdParametersInput = Schema.Struct({
  prompt: Schema.Trim.pipe(Schema.maxLength(5000, { message: () => "提示词不能超过 5000 个字" })),
  negative_prompt: Schema.optionalWith(Schema.Trim.pipe(Schema.maxLength(5000, { message: () => "反向提示词不能超过 5000 个字" })), { default: () => "" }),
  models: Schema.Array(Schema.Struct({ type: SdModelType, name: Name(200), files: Schema.Array(Schema.Struct({ name: Name(200) })).pipe(Schema.maxItems(5)) })).pipe(
    Schema.maxItems(20)
  ),
  args: Schema.Array(
    Schema.Struct({
      key: Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9_]{0,31}$/)),
      title: Name(50),
      value: Schema.Union(Schema.String.pipe(Schema.maxLength(200)), Schema.Number)
    })
  ).pipe(Schema.maxItems(30))
})
export type SdParametersInput = typeof SdParametersInput.Type

/**
 * POST /api/v2/artwork/upload (payload not shown in the spec; ours): saves an image drawn on the
 * online SD page (/webui) into the viewer's library with its settings, as a draft of type sd. The
 * image is uploaded to storage first (spec §7 Files); the server checks the address is under the
 * viewer's own upload dir and reads width and height from the file itself (R12).
 */
export const ArtworkUpload = Schema.Struct({
  type: Schema.Literal("sd").annotations({ description: "only sd: the other types are drawn by the server's own tasks" }),
  url: ImageUrl,
  title: Schema.optional(OptionalUserText("标题", 50)),
  parameters: SdParametersInput,
  ai_generated: Schema.optional(Schema.Boolean).annotations({
    description: "ours: the uploader's 本作品由AI生成; without an AIGC label in the file the work gets the 疑似AI生成 notice (AL9)"
  })
})
export type ArtworkUpload = typeof ArtworkUpload.Type

/**
 * POST /api/v1/artwork/audit/submit (payload not shown; ours): asks to publish an own artwork to the
 * inspiration square. It goes to review (pending); the title and category show on the card.
 */
export const ArtworkAuditSubmit = Schema.Struct({
  artwork_id: Id.annotations({ description: "the viewer's own artwork (R11)" }),
  title: UserText("标题", 50),
  category_id: Schema.optional(Id),
  is_public: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  ai_generated: Schema.optional(Schema.Boolean).annotations({
    description: "ours: the author's 本作品由AI生成 on publishing; a work without an AIGC attribute gets 疑似AI生成 (AL9)"
  })
})
export type ArtworkAuditSubmit = typeof ArtworkAuditSubmit.Type
