import type { StructuredPrompt } from "./assistantPort.js"
import { COMPOSITIONS, DRAW_WORDS, FILLER_WORDS, LIGHTINGS, QUESTION_MARKS, STYLES, type VocabularyEntry } from "./promptVocabulary.js"

/**
 * AS1–AS4 (docs/spec/assistant.md): how the offline assistant reads a message that follows a drawing.
 * "再来一张，换成油画风格" is about the picture just drawn: its subject stays and only the named
 * modifier changes; a message that describes something new replaces the subject. Pure: the text in,
 * the reading out.
 */

/** Asking for another picture of the same thing (longer phrases first, so 再来一张 goes whole). */
export const AGAIN_WORDS: ReadonlyArray<string> = [
  "再来一张", "再来一幅", "再来张", "再画一张", "再画一幅", "再画张", "再生成一张", "再生成", "再出一张", "再画", "再来",
  "重新画一张", "重新生成", "重新画", "重画", "one more", "another one", "again"
]

/** The verbs of a change to the picture just drawn. */
export const CHANGE_WORDS: ReadonlyArray<string> = [
  "换成", "换为", "改成", "改为", "变成", "画成", "加上", "添加", "加个", "加一", "去掉", "删掉", "删除", "不要", "换一个", "换一种", "换个", "换种",
  "调整", "让它", "把它", "更亮", "更暗", "change", "make it", "turn it", "add ", "remove", "replace", "without"
]

/** Words that carry nothing once the verbs and the vocabulary are gone (besides the request fillers). */
const EMPTY_WORDS: ReadonlyArray<string> = ["一点", "一些", "点", "些", "的", "了", "吧", "成", "为", "一下", "it", "to", "the", "a "]

const CLAUSE_END = /[，。！？、；：,.!?;:\n]+/

export interface ModifierParts {
  readonly style: ReadonlyArray<string>
  readonly composition: ReadonlyArray<string>
  readonly lighting: ReadonlyArray<string>
}

/**
 * A message read against the drawing before it: a new request (its own subject), or a follow-up that
 * keeps the subject, with `again` (another picture, not an edit of the last one), the changes it names
 * in words (`modifiers`, kept as written) and the style, composition and lighting it names.
 */
export type FollowUp =
  | { readonly kind: "new" }
  | ({ readonly kind: "follow-up"; readonly again: boolean; readonly modifiers: ReadonlyArray<string> } & ModifierParts)

const without = (text: string, words: ReadonlyArray<string>): string => words.reduce((rest, word) => rest.split(word).join(" "), text)

/** Every part whose words the text holds, in table order, and the text with those words removed. */
export const takeParts = (text: string, table: ReadonlyArray<VocabularyEntry>): { parts: Array<string>; rest: string } => {
  const parts: Array<string> = []
  let rest = text
  for (const entry of table) {
    const found = entry.words.filter((word) => rest.includes(word))
    if (found.length === 0) continue
    parts.push(entry.part)
    rest = without(rest, found)
  }
  return { parts, rest }
}

interface Clause {
  readonly again: boolean
  readonly change: boolean
  readonly draws: boolean
  /** what the clause says beyond verbs, vocabulary and fillers */
  readonly content: boolean
  readonly text: string
  readonly parts: ModifierParts
}

const readClause = (raw: string): Clause => {
  const again = AGAIN_WORDS.some((word) => raw.includes(word))
  const text = without(raw, AGAIN_WORDS).replace(/\s+/g, " ").trim()
  const change = CHANGE_WORDS.some((word) => text.includes(word))
  const unverbed = without(text, CHANGE_WORDS)
  const style = takeParts(unverbed, STYLES)
  const composition = takeParts(style.rest, COMPOSITIONS)
  const lighting = takeParts(composition.rest, LIGHTINGS)
  const draws = DRAW_WORDS.some((word) => unverbed.includes(word))
  const content = without(without(lighting.rest, FILLER_WORDS), EMPTY_WORDS).trim() !== ""
  return { again, change, draws, content, text, parts: { style: style.parts, composition: composition.parts, lighting: lighting.parts } }
}

const hasParts = (parts: ModifierParts): boolean => parts.style.length + parts.composition.length + parts.lighting.length > 0

/**
 * AS1: a message with a drawing before it is a follow-up when it asks again (再来一张), names a change
 * (换成 / 改成 / 加上 / 去掉 / 换个 …) or names only style, composition or lighting (油画风格), and asks
 * no question. AS2: it is a new request when any of its clauses asks to draw something of its own
 * ("画一只小狗"), or when it has no follow-up word and says something beyond the vocabulary.
 */
export const readFollowUp = (message: string): FollowUp => {
  const clauses = message.toLowerCase().split(CLAUSE_END).map((part) => part.trim()).filter((part) => part !== "").map(readClause)
  if (clauses.length === 0 || QUESTION_MARKS.some((mark) => message.toLowerCase().includes(mark))) return { kind: "new" }
  if (clauses.some((clause) => clause.draws && clause.content && !clause.again)) return { kind: "new" }
  const marked = clauses.some((clause) => clause.again || clause.change) || clauses.every((clause) => !clause.content)
  if (!marked) return { kind: "new" }
  return {
    kind: "follow-up",
    again: clauses.some((clause) => clause.again),
    // AS3: a clause that says more than its vocabulary is kept as written ("把背景换成夜空", "加上一只小狗"),
    // and so is a change that names no part ("更亮一点")
    modifiers: clauses.filter((clause) => clause.content || (clause.change && !hasParts(clause.parts))).map((clause) => clause.text),
    style: clauses.flatMap((clause) => clause.parts.style),
    composition: clauses.flatMap((clause) => clause.parts.composition),
    lighting: clauses.flatMap((clause) => clause.parts.lighting)
  }
}

const unique = (parts: ReadonlyArray<string>): string => [...new Set(parts)].join("，")

/**
 * AS3: the follow-up applied to the drawing before it: the subject stays, with the changes said in
 * words after it; a part the message names replaces the drawing's, the others stay.
 */
export const applyFollowUp = (base: StructuredPrompt, followUp: Extract<FollowUp, { kind: "follow-up" }>): StructuredPrompt => ({
  subject: followUp.modifiers.length === 0 ? base.subject : `${base.subject}；${followUp.modifiers.join("，")}`,
  style: unique(followUp.style) || base.style,
  composition: unique(followUp.composition) || base.composition,
  lighting: unique(followUp.lighting) || base.lighting
})
