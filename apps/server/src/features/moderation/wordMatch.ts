/**
 * The built-in word list's matching rules (docs/spec/moderation.md MO1–MO5): a text and every listed
 * word are brought to one comparable form, and a word is found when its form occurs in the text's.
 * Pure functions, no database: the list arrives as a value.
 */

/**
 * MO1–MO3: NFKC folds full-width letters, digits and the ideographic space to their plain forms
 * ("ＡＢＣ" → "ABC", "１２３" → "123"); case is folded; what is neither a letter nor a digit (spaces,
 * punctuation, symbols, emoji, zero-width joiners) is dropped, so "违 禁-词" and "违.禁_词" read "违禁词".
 * Combining marks are dropped too: "é" and "e" read the same once NFKD has split them. The long-vowel
 * mark ー (a letter to Unicode, a dash to the eye, and what a half-width ｰ becomes) is dropped as well.
 */
export const normalizeForMatch = (text: string): string =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+|\u30fc/gu, "")

/** A word list compiled once per version of the list: each word's form, empty forms left out (MO4). */
export interface CompiledWords {
  readonly forms: ReadonlyArray<string>
}

export const compileWords = (words: ReadonlyArray<string>): CompiledWords => ({
  forms: [...new Set(words.map(normalizeForMatch).filter((form) => form !== ""))]
})

/**
 * MO5: whether the text holds a listed word after both are normalised; answers the first form found
 * (for the outcome record the review queue shows, never for the user's message).
 */
export const findListedWord = (compiled: CompiledWords, text: string): string | undefined => {
  const form = normalizeForMatch(text)
  if (form === "") return undefined
  return compiled.forms.find((word) => form.includes(word))
}
