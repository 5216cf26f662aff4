/** The fields a message's content JSON may carry (spec §3); every one is text, "" when absent. */
export const MESSAGE_CONTENT_FIELDS = [
  "title",
  "content",
  "jump_url",
  "user_head",
  "user_uid",
  "user_name",
  "cover",
  "sub_content",
  "reply_content",
  "type",
  "target_id",
  "sub_id"
] as const

export type MessageContentField = (typeof MESSAGE_CONTENT_FIELDS)[number]

export type MessageContent = { readonly [K in MessageContentField]: string } & {
  /** False when the content was not a JSON object; the UI then shows the raw text as plain text (R14). */
  readonly parsed: boolean
}

const emptyFields = Object.fromEntries(MESSAGE_CONTENT_FIELDS.map((field) => [field, ""])) as {
  readonly [K in MessageContentField]: string
}

export const emptyMessageContent: MessageContent = { ...emptyFields, parsed: false }

/**
 * Ids and types arrive as numbers or strings depending on the sender, so numbers and booleans become
 * their text; null, objects and arrays have no sensible text and become "".
 */
const asText = (value: unknown): string =>
  typeof value === "string" ? value
    : typeof value === "number" ? (Number.isFinite(value) ? String(value) : "")
      : typeof value === "boolean" ? String(value)
        : ""

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * MS1 (R14): a message's content, read safely. The content is a JSON string (§3); an object already
 * decoded is accepted too. Bad JSON or anything but an object gives empty fields; it never throws.
 */
export const parseMessageContent = (raw: unknown): MessageContent => {
  let value: unknown = raw
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw)
    } catch {
      return emptyMessageContent
    }
  }
  if (!isRecord(value)) return emptyMessageContent
  const fields = Object.fromEntries(
    MESSAGE_CONTENT_FIELDS.map((field) => [field, Object.hasOwn(value, field) ? asText(value[field]) : ""])
  ) as { readonly [K in MessageContentField]: string }
  return { ...fields, parsed: true }
}
