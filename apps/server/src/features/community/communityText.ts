/**
 * Small text rules of the community: summaries, search patterns and feed cursors (@mentions: the
 * core's MN1, shared with the comment box).
 * Everything stays plain text; nothing here produces HTML (R16).
 */

const SUMMARY_LENGTH = 100

/**
 * An article's summary when the author gave none: the Markdown body's first 100 characters as plain
 * text (headings, emphasis, code fences, images and link targets dropped; link texts kept).
 */
export const summaryFromMarkdown = (markdown: string): string =>
  [...markdown
    .replace(/```[^\n]*\n?/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim()]
    .slice(0, SUMMARY_LENGTH)
    .join("")

/** A LIKE pattern that matches the keyword literally (%, _ and \ escaped). */
export const containsPattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** Keyset cursor of the post feeds: `n{id}` (newest first) or `h{likes}_{id}` (hottest first). */
export type PostCursor = { readonly sort: "new"; readonly id: number } | { readonly sort: "hot"; readonly likes: number; readonly id: number }

export const encodePostCursor = (cursor: PostCursor): string =>
  cursor.sort === "new" ? `n${cursor.id}` : `h${cursor.likes}_${cursor.id}`

/** Reads a cursor for the wanted sort; undefined when it is not one we issued. */
export const decodePostCursor = (raw: string, sort: "new" | "hot"): PostCursor | undefined => {
  const safe = (text: string | undefined) => {
    const value = Number(text)
    return text !== undefined && /^\d{1,15}$/.test(text) && Number.isSafeInteger(value) ? value : undefined
  }
  if (sort === "new") {
    const match = /^n(\d+)$/.exec(raw)
    const id = safe(match?.[1])
    return id === undefined ? undefined : { sort, id }
  }
  const match = /^h(\d+)_(\d+)$/.exec(raw)
  const likes = safe(match?.[1])
  const id = safe(match?.[2])
  return likes === undefined || id === undefined ? undefined : { sort, likes, id }
}
