/**
 * WT1–WT5 (docs/spec/webui.md): an approximation of the CLIP token count SD WebUI shows over its prompt
 * boxes ("n/75"). The real count needs CLIP's 49 408-entry BPE vocabulary (~1.6 MB), far too much for a
 * page; this counts the pieces CLIP's pre-tokeniser cuts a prompt into, which is exact for the common
 * English prompt words and close for the rest. The counter is a guide, never a limit: the engine reads
 * the whole prompt in 75-token chunks.
 */

/** WT5: WebUI reads a prompt in chunks of 75 tokens (77 with the start and end markers). */
export const TOKEN_CHUNK = 75

/** WT1: extra-network tags (`<lora:name:0.8>`, `<hypernet:…>`) are taken out before counting, as WebUI does. */
const EXTRA_NETWORK = /<[^<>\n]*>/g
/** WT2: attention weights `(word:1.2)` and the brackets of emphasis and editing syntax are not tokens. */
const WEIGHT = /:\s*-?\d+(?:\.\d+)?(?=\s*[)\]])/g
const EMPHASIS = /[()[\]{}]/g
/** WT3: CLIP's pre-tokeniser pieces: a run of letters, one digit, a run of other symbols. */
const PIECES = /\p{L}+|\p{N}|[^\s\p{L}\p{N}]+/gu
const LATIN = /^[a-z]+$/i
/** WT3: CLIP's vocabulary holds most English words whole; longer words split about every 12 letters. */
const LATIN_WORD_LETTERS = 12

const piecesOf = (piece: string): number => {
  if (LATIN.test(piece)) return Math.max(1, Math.ceil(piece.length / LATIN_WORD_LETTERS))
  if (/^\p{L}+$/u.test(piece)) return [...piece].length // WT4: a CJK (or other non-Latin) letter is one token
  return 1 // one digit, or a run of punctuation such as ", " or "..."
}

/** WT1–WT4: the approximate number of CLIP tokens in a prompt (0 for an empty one). */
export const promptTokenCount = (prompt: string): number => {
  const text = prompt.replace(EXTRA_NETWORK, " ").replace(WEIGHT, "").replace(EMPHASIS, " ")
  let count = 0
  for (const match of text.matchAll(PIECES)) count += piecesOf(match[0])
  return count
}

/** WT5: the counter WebUI shows, `n/75`, the limit growing by 75 for each chunk the prompt starts. */
export const tokenCounterText = (count: number): string => {
  const chunks = Math.max(1, Math.ceil(count / TOKEN_CHUNK))
  return `${count}/${chunks * TOKEN_CHUNK}`
}
