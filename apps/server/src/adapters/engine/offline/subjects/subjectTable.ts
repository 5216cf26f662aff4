import { hashWords } from "../seededRandom.js"
import { creatureWords } from "./creatureWords.js"
import { sceneryWords } from "./sceneryWords.js"
import { thingWords } from "./thingWords.js"

/**
 * What the offline engine draws in front of its background: the subjects a prompt names (rules OE1–OE3 in
 * docs/spec/generation.md). The word tables are data (creatureWords, thingWords, sceneryWords);
 * this file reads a prompt against them:
 * - the longest word wins where words overlap (灯塔 beats 灯, 少女 beats 女, 熊猫 beats 猫);
 * - an English word matches as a whole word, or its plural (cat, cats; not "catalogue");
 * - the main subject is the first named of the highest rank (creature, then thing, then scenery), the
 *   others follow in the order the prompt names them, at most `maxSubjects` in all, no icon twice;
 * - a prompt that names nothing known draws a fallback picked by its hash, so it still varies.
 */

/**
 * An icon name and the words (space-separated, Chinese or English) that name it. An empty icon is a
 * scene the background already draws (海: the waves composition; 草原, 桥): read, so it is not a prompt
 * of unknown words, but not drawn, since the set shows such scenes only as square tiles.
 */
export type SubjectRow = readonly [icon: string, words: string]

export type SubjectRank = 0 | 1 | 2

interface Word {
  readonly text: string
  readonly icon: string
  readonly rank: SubjectRank
  readonly pattern?: RegExp
}

export const maxSubjects = 3

/** Drawn when the prompt names nothing in the tables: friendly, abstract-leaning subjects. */
export const fallbackIcons: ReadonlyArray<string> = [
  "sparkles", "crystal-ball", "comet", "rainbow", "balloon", "butterfly", "four-leaf-clover", "bubbles",
  "glowing-star", "ringed-planet", "cherry-blossom", "spiral-shell", "crescent-moon", "cyclone", "gem-stone", "kite"
]

const isAscii = (word: string) => /^[\x20-\x7e]+$/.test(word)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const wordsOf = (rows: ReadonlyArray<SubjectRow>, rank: SubjectRank): Word[] =>
  rows.flatMap(([icon, words]) =>
    words.split(/\s+/).filter((text) => text !== "").map((text) => {
      const lower = text.toLowerCase()
      // whole words only, plural allowed; "-" in a table word also matches a space ("polar bear")
      const pattern = isAscii(lower) ? new RegExp(`(?<![a-z])${escapeRegExp(lower).replace(/-/g, "[- ]")}(?:s|es)?(?![a-z])`, "g") : undefined
      return pattern === undefined ? { text: lower, icon, rank } : { text: lower, icon, rank, pattern }
    })
  )

/** Every word of the three tables, longest first (so the longest match claims its characters first). */
export const subjectWords: ReadonlyArray<Word> = [...wordsOf(creatureWords, 0), ...wordsOf(thingWords, 1), ...wordsOf(sceneryWords, 2)]
  .sort((a, b) => b.text.length - a.text.length)

/** Every icon the tables and the fallback can name. */
const allTableIcons: ReadonlySet<string> = new Set([...subjectWords.map((word) => word.icon).filter((icon) => icon !== ""), ...fallbackIcons])
export const tableIcons = (): ReadonlySet<string> => allTableIcons

interface Match {
  readonly icon: string
  readonly rank: SubjectRank
  readonly at: number
  readonly leftOut: boolean
}

const occurrences = (text: string, word: Word): ReadonlyArray<readonly [number, number]> => {
  if (word.pattern !== undefined) return [...text.matchAll(word.pattern)].map((found) => [found.index, found.index + found[0].length] as const)
  const found: Array<readonly [number, number]> = []
  for (let at = text.indexOf(word.text); at >= 0; at = text.indexOf(word.text, at + 1)) found.push([at, at + word.text.length])
  return found
}

/**
 * OE5: a word the prompt says to leave out ("再来一张，去掉帽子", "不要有猫", "without a hat") is read
 * (its characters are claimed) but its icon is not drawn, even where the prompt named it before
 * ("戴帽子的橘猫；去掉帽子"): the text just before it ends with a removal word, optionally followed by
 * a measure word (那只, 这个, 一座 …).
 */
const LEFT_OUT = /(去掉|删掉|删除|拿掉|移除|不要有|不要|没有|不带|remove|without|no)\s*(?:(?:那|这|一)?(?:只|个|条|朵|座|头|匹|棵|位|把|顶|件|张))?\s*(?:the\s+|a\s+|an\s+)?$/

/** The words of the tables found in the prompt: each character claimed by the longest word over it. */
const matchesOf = (text: string): ReadonlyArray<Match> => {
  const claimed = new Uint8Array(text.length)
  const matches: Match[] = []
  for (const word of subjectWords) {
    for (const [start, end] of occurrences(text, word)) {
      if (claimed.subarray(start, end).some((taken) => taken === 1)) continue
      claimed.fill(1, start, end)
      matches.push({ icon: word.icon, rank: word.rank, at: start, leftOut: LEFT_OUT.test(text.slice(Math.max(0, start - 12), start)) })
    }
  }
  return matches
}

export interface PromptSubjects {
  /** the main subject first, drawn large; the rest smaller */
  readonly icons: ReadonlyArray<string>
  /** true when the prompt named nothing known and the icon was picked by its hash */
  readonly fallback: boolean
}

export const subjectsOfPrompt = (prompt: string): PromptSubjects => {
  const text = prompt.toLowerCase()
  const found = matchesOf(text)
  const leftOut = new Set(found.filter((match) => match.leftOut).map((match) => match.icon))
  const matches = found.filter((match) => match.icon !== "" && !leftOut.has(match.icon)).sort((a, b) => a.at - b.at)
  const main = [...matches].sort((a, b) => a.rank - b.rank || a.at - b.at)[0]
  if (main === undefined && found.length > 0) return { icons: [], fallback: false }
  if (main === undefined) {
    const [hash] = hashWords("subject", text)
    return { icons: [fallbackIcons[hash % fallbackIcons.length] ?? "sparkles"], fallback: true }
  }
  const icons = [main.icon]
  for (const match of matches) {
    if (icons.length >= maxSubjects) break
    if (!icons.includes(match.icon)) icons.push(match.icon)
  }
  return { icons, fallback: false }
}
