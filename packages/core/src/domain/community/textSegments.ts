/**
 * MN5–MN7: a comment's plain text as the pieces a page shows (R16: text stays text, only these become
 * links): @昵称 of a person the server found (MN1's reading) links to their page, an inline #话题#
 * links to the topic's posts, and a reply drops the @name its box put in front of it, since the page
 * already says whom it answers.
 */
import { MENTION_NAME_MAX } from "./mentions.js"

export type TextSegment =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "mention"; readonly nickname: string; readonly uid: number }
  | { readonly kind: "topic"; readonly topic: string }

/** A person a text names, as the server resolved them. */
export interface MentionRef {
  readonly nickname: string
  readonly uid: number
}

/** A topic is 1–20 characters without # or whitespace (the post form's rule). */
export const TOPIC_MAX = 20

/** What ends a mentioned name (MN1). */
const NAME_END = String.raw`\s@#,，。.!！?？:：;；、()（）[\]【】"'“”‘’<>《》`
const PIECE = new RegExp(`@([^${NAME_END}]{1,${MENTION_NAME_MAX}})|#([^#\\s]{1,${TOPIC_MAX}})#`, "gu")

/**
 * MN5: the text cut into plain runs, mentions of the people given (others stay text, as the server did
 * not find them) and #话题# topics, in order; adjacent plain runs are joined.
 */
export const textSegments = (text: string, people: ReadonlyArray<MentionRef> = []): ReadonlyArray<TextSegment> => {
  const segments: Array<TextSegment> = []
  const plain = (piece: string) => {
    if (piece === "") return
    const last = segments.at(-1)
    if (last?.kind === "text") segments[segments.length - 1] = { kind: "text", text: last.text + piece }
    else segments.push({ kind: "text", text: piece })
  }
  let at = 0
  for (const match of text.matchAll(PIECE)) {
    const [whole, name, topic] = match
    plain(text.slice(at, match.index))
    at = match.index + whole.length
    const person = name === undefined ? undefined : people.find((candidate) => candidate.nickname === name)
    if (person !== undefined) segments.push({ kind: "mention", nickname: person.nickname, uid: person.uid })
    else if (topic !== undefined) segments.push({ kind: "topic", topic })
    else plain(whole)
  }
  plain(text.slice(at))
  return segments
}

/**
 * MN6: a reply's text without the `@昵称` of the person it answers at its very start (and the space
 * or the comma or colon after it), which the comment box puts there; the page shows "A 回复 B：" instead. Any other text,
 * or an @ of someone else, stays.
 */
export const replyBody = (text: string, replyTo: string | undefined): string => {
  if (replyTo === undefined || replyTo === "") return text
  const prefix = `@${replyTo}`
  if (!text.startsWith(prefix)) return text
  const rest = text.slice(prefix.length)
  // the name must end here, or the @ names someone longer (@小明 vs @小明同学)
  if (rest !== "" && !new RegExp(`^[${NAME_END}]`, "u").test(rest)) return text
  return rest.replace(/^[\s，,：:]+/u, "")
}

/** MN7: where a topic's link goes: the community feed of the posts tagged with it. */
export const topicHref = (topic: string): string => `/community?topic=${encodeURIComponent(topic)}`
