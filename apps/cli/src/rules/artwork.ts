import { parseInfotext, sameStyle } from "@mido/core/generation"
import { Schema } from "effect"
import { defineRule } from "./RuleCommand.js"

/** Keeps fields the schema does not name, so quick parameters come back exactly as given. */
const OtherFields = Schema.Record({ key: Schema.String, value: Schema.Unknown })
const Text = Schema.optional(Schema.NullOr(Schema.String))
const Images = Schema.optional(Schema.NullOr(Schema.Array(Schema.String)))

const QuickParameters = Schema.Struct(
  {
    base_image_url: Text,
    style_info: Schema.optional(Schema.NullOr(Schema.Struct({ group: Text, name: Text, cover: Text }, OtherFields)))
  },
  OtherFields
)

const QuickMjParameters = Schema.Struct(
  {
    image_prompts: Images,
    style_reference: Images,
    character_reference: Images,
    omni_reference: Images,
    version_info: Schema.optional(Schema.NullOr(Schema.Struct({ name: Text, cover: Text }, OtherFields)))
  },
  OtherFields
)

const SdParameters = Schema.Struct({
  prompt: Text,
  negative_prompt: Text,
  models: Schema.optional(
    Schema.NullOr(
      Schema.Array(
        Schema.Struct({
          type: Text,
          name: Text,
          files: Schema.optional(Schema.NullOr(Schema.Array(Schema.Struct({ name: Text }))))
        })
      )
    )
  ),
  args: Schema.optional(
    Schema.NullOr(
      Schema.Array(
        Schema.Struct({
          key: Schema.String,
          title: Text,
          value: Schema.optional(Schema.NullOr(Schema.Union(Schema.String, Schema.Number, Schema.Boolean)))
        })
      )
    )
  )
})

const AgentParameters = Schema.Struct(
  { id: Schema.optional(Schema.NullOr(Schema.Union(Schema.Number, Schema.String))), name: Text, head: Text },
  OtherFields
)

/** An artwork as in spec §3; only type and parameters matter here, the other fields are ignored. */
const ArtworkInput = Schema.Union(
  Schema.Struct({ type: Schema.Literal("quick"), parameters: QuickParameters }),
  Schema.Struct({ type: Schema.Literal("quick_mj"), parameters: QuickMjParameters }),
  Schema.Struct({ type: Schema.Literal("sd"), parameters: SdParameters }),
  Schema.Struct({ type: Schema.Literal("agent"), parameters: AgentParameters })
)

export const artworkRules = [
  defineRule({
    name: "artwork.sameStyle",
    summary: "what the same-style button does for an artwork: /aigc, /webui with an infotext, or nothing (SD1–SD9)",
    input: ArtworkInput,
    run: sameStyle
  }),
  defineRule({
    name: "infotext.parse",
    summary: "read a WebUI infotext into prompt, negative prompt and parameters (IT1–IT5)",
    input: Schema.Struct({ text: Schema.String }),
    run: ({ text }) => parseInfotext(text)
  })
]
