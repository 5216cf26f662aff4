import { asc, eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { moderationWords } from "../../db/schema/moderation.js"
import type { AnswerCache } from "../../platform/answerCache.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { badInput, conflict, notFound } from "./moderationRefusal.js"
import { compileWords, type CompiledWords, normalizeForMatch } from "./wordMatch.js"

/** A listed word as the operator typed it, up to this many characters. */
export const WORD_MAX_LENGTH = 50

const CACHE_KEY = "words"

/** The list compiled once per version (the cached body's ETag): every check in between reuses it. */
let compiled: { readonly etag: string; readonly words: CompiledWords } | undefined

/**
 * The word list every text is checked against, read once per process and kept in `cache` (the
 * ServerDeps' moderationWords: an edit clears every process's copy, processChanges.ts; ADR 0024).
 */
export const listedWords = async (db: Db, cache: AnswerCache): Promise<CompiledWords> => {
  const answer = await cache.answer(CACHE_KEY, async () => {
    const rows = await db.select({ word: moderationWords.word }).from(moderationWords)
    return JSON.stringify(rows.map((row) => row.word))
  })
  if (compiled?.etag !== answer.etag) compiled = { etag: answer.etag, words: compileWords(JSON.parse(answer.body) as Array<string>) }
  return compiled.words
}

/** A word as the console shows it (@mido/core/admin ModerationWord). */
export interface ListedWord {
  readonly id: number
  readonly word: string
  readonly form: string
  readonly created_at_str: string
}

const view = (row: typeof moderationWords.$inferSelect): ListedWord => ({
  id: row.id,
  word: row.word,
  form: row.form,
  created_at_str: chinaDateTime(row.createdAt)
})

export const allWords = async (db: Db): Promise<Array<ListedWord>> =>
  (await db.select().from(moderationWords).orderBy(asc(moderationWords.form))).map(view)

/**
 * Adds a word (MO4): kept as typed and in its matching form; a word with no letter or digit would
 * match every text and is refused, as is one whose form is listed already. In the caller's
 * transaction; the caller invalidates the cache once it has committed.
 */
export const addWord = async (tx: Db, word: string, actorId: number): Promise<ListedWord> => {
  const typed = word.trim()
  if (typed === "" || [...typed].length > WORD_MAX_LENGTH) throw badInput(`敏感词为 1–${WORD_MAX_LENGTH} 个字`)
  const form = normalizeForMatch(typed)
  if (form === "") throw badInput("敏感词须包含文字或数字")
  const [row] = await tx.insert(moderationWords).values({ word: typed, form, createdBy: actorId }).onConflictDoNothing().returning()
  if (row === undefined) throw conflict("该词已在词库中")
  return view(row)
}

/** Removes a word by id; answers what was removed (the audit row's "before"). */
export const removeWord = async (tx: Db, id: number): Promise<ListedWord> => {
  const [row] = await tx.delete(moderationWords).where(eq(moderationWords.id, id)).returning()
  if (row === undefined) throw notFound("该词不存在或已删除")
  return view(row)
}
