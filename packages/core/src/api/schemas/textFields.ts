import { Schema } from "effect"

/**
 * Request fields a user types (R12, brief "Request schemas"): trimmed on decode, never empty, capped,
 * with the Chinese message the form shows. The server decodes with these, so what it stores is trimmed.
 */
export const UserText = (label: string, max: number) =>
  Schema.Trim.pipe(
    Schema.minLength(1, { message: () => `请输入${label}` }),
    Schema.maxLength(max, { message: () => `${label}不能超过 ${max} 个字` })
  )

/** Optional free text (a description, a summary): trimmed and capped, may be empty. */
export const OptionalUserText = (label: string, max: number) =>
  Schema.Trim.pipe(Schema.maxLength(max, { message: () => `${label}不能超过 ${max} 个字` }))

/** An image the user uploaded first (OSS direct upload, spec §7 Files): an http(s) address. */
export const ImageUrl = Schema.Trim.pipe(
  Schema.maxLength(1000, { message: () => "图片地址过长" }),
  Schema.pattern(/^https?:\/\/[^\s/]+\/\S*$/, { message: () => "图片地址无效" })
).annotations({ description: "http(s) address of an image already uploaded to our storage (spec §7 Files)" })

/** A list capped at `max` items, with the message of spec §5 (最多上传 {n} 张图片). */
export const ImageList = <A, I>(item: Schema.Schema<A, I>, max: number) =>
  Schema.Array(item).pipe(Schema.maxItems(max, { message: () => `最多上传 ${max} 张图片` }))

// IdBatch lives apart: the inbox (in the first load) reads it without the text fields (ADR 0029)
export { IdBatch } from "./IdBatch.js"

/** An opaque feed cursor (keyset paging): the server's own token, echoed back unchanged. */
export const Cursor = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200), Schema.pattern(/^[A-Za-z0-9_\-.:=]+$/)).annotations({
  description: "next_cursor of the previous page; absent for the first page"
})

/** A slug used in page addresses (/activity/detail/{key}, /activity/special-feature/{key}). */
export const Slug = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9][a-z0-9_-]{0,63}$/, { message: () => "链接标识无效" })
).annotations({ description: "lower-case letters, digits, - and _, at most 64" })
