/**
 * @mentions in comments and posts (MN1–MN4): the server notifies each @昵称 a text names (MN1), and the
 * comment box offers the people one follows while an @ is being typed (MN2–MN4). One rule for both
 * sides, so what the box completes is exactly what the server will find.
 */

/** A nickname is at most 20 characters (the nickname limit). */
export const MENTION_NAME_MAX = 20
/** At most this many people are notified by one text, so a text cannot spam the whole site. */
export const MAX_MENTIONS = 10

/** What ends a mentioned name: whitespace, another @ or #, and Chinese or Latin punctuation. */
const NAME_END = String.raw`\s@#,，。.!！?？:：;；、()（）[\]【】"'“”‘’<>《》`
const MENTION = new RegExp(`@([^${NAME_END}]{1,${MENTION_NAME_MAX}})`, "gu")
const NAME_CHAR = new RegExp(`^[^${NAME_END}]$`, "u")

/** MN1: the nicknames a text mentions as @nickname, each once, in order of appearance, at most MAX_MENTIONS. */
export const mentionedNicknames = (text: string): ReadonlyArray<string> => {
  const names: Array<string> = []
  for (const match of text.matchAll(MENTION)) {
    const name = match[1]
    if (name !== undefined && !names.includes(name)) names.push(name)
    if (names.length === MAX_MENTIONS) break
  }
  return names
}

/** MN1 read backwards: a nickname that a mention can carry whole (no character that would end it). */
export const isMentionable = (nickname: string): boolean =>
  nickname.length > 0 && [...nickname].length <= MENTION_NAME_MAX && [...nickname].every((char) => NAME_CHAR.test(char))

/** An @ being typed: where its @ is (a UTF-16 index into the text) and what follows it up to the caret. */
export interface MentionInProgress {
  readonly start: number
  readonly query: string
}

/**
 * MN2: the mention the caret is in, if any: an @, then name characters up to the caret. Any @ counts,
 * even one right after a word ("你好@小明"), because MN1 reads the text that way on the server.
 */
export const mentionAtCaret = (text: string, caret: number): MentionInProgress | undefined => {
  const before = [...text.slice(0, Math.max(0, Math.min(caret, text.length)))]
  let length = 0
  for (let index = before.length - 1; index >= 0 && length <= MENTION_NAME_MAX; index -= 1) {
    const char = before[index]!
    if (char === "@") {
      const start = before.slice(0, index).join("").length
      return { start, query: before.slice(index + 1).join("") }
    }
    if (!NAME_CHAR.test(char)) return undefined
    length += 1
  }
  return undefined
}

/** MN3: the people to offer for a query: names containing it (case aside), those starting with it first. */
export const suggestMentions = <P extends { readonly nickname: string }>(people: ReadonlyArray<P>, query: string, limit = 8): ReadonlyArray<P> => {
  const wanted = query.toLowerCase()
  const matching = people.filter((person) => isMentionable(person.nickname) && person.nickname.toLowerCase().includes(wanted))
  const starts = matching.filter((person) => person.nickname.toLowerCase().startsWith(wanted))
  const inside = matching.filter((person) => !person.nickname.toLowerCase().startsWith(wanted))
  return [...starts, ...inside].slice(0, limit)
}

/**
 * MN4: the text with the mention in progress (its @ up to the caret) replaced by @nickname and a space
 * (the space that ends the name, unless the text after the caret starts with one), and the caret after it.
 */
export const completeMention = (text: string, mention: MentionInProgress, caret: number, nickname: string): { readonly text: string; readonly caret: number } => {
  const rest = text.slice(caret)
  const inserted = rest.startsWith(" ") ? `@${nickname}` : `@${nickname} `
  return { text: `${text.slice(0, mention.start)}${inserted}${rest}`, caret: mention.start + `@${nickname} `.length }
}
