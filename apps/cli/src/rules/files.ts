import { Buffer } from "node:buffer"
import { validateUpload } from "@mido/core"
import { isClickableJumpUrl } from "@mido/core/account"
import { detectImageType } from "@mido/core/files"
import { Schema } from "effect"
import type { RuleCommand } from "./RuleCommand.js"
import { defineRule } from "./RuleCommand.js"

const NonNegativeInteger = Schema.Number.pipe(Schema.int(), Schema.nonNegative())

const UploadInput = Schema.Struct({
  files: Schema.Array(Schema.Struct({ name: Schema.String, type: Schema.String, size: NonNegativeInteger })),
  limitMb: Schema.optional(Schema.Number.pipe(Schema.finite(), Schema.positive())),
  maxCount: Schema.optional(NonNegativeInteger),
  existingCount: Schema.optional(NonNegativeInteger)
})

/** Strict standard base64 (padding required), so a typo is an input error rather than silently skipped bytes. */
const Base64 = Schema.String.pipe(
  Schema.filter((text) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text), {
    message: () => "bytesBase64 must be standard base64 with padding"
  })
)

const ImageInput = Schema.Struct({
  contentType: Schema.optional(Schema.NullOr(Schema.String)),
  bytesBase64: Base64
})

const LinkInput = Schema.Struct({ jump_url: Schema.String })

export const filesRules: ReadonlyArray<RuleCommand> = [
  defineRule({
    name: "upload.validate",
    summary: "check image uploads: png/jpg/jpeg, size limit, count limit (UP1–UP4)",
    input: UploadInput,
    run: ({ files, ...limits }) => validateUpload(files, limits)
  }),
  defineRule({
    name: "image.detectType",
    summary: "name a downloaded image: content type, else magic bytes, else png (IM1–IM3)",
    input: ImageInput,
    run: ({ contentType, bytesBase64 }) => ({
      ext: detectImageType({ contentType, bytes: new Uint8Array(Buffer.from(bytesBase64, "base64")) })
    })
  }),
  defineRule({
    name: "message.link",
    summary: "whether a message's jump_url may be a link: http(s) or a site path only (MS2, R14)",
    input: LinkInput,
    run: ({ jump_url }) => ({ clickable: isClickableJumpUrl(jump_url) })
  })
]
