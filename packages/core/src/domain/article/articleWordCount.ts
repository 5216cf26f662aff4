/** Han characters, kana and hangul: each counts as one word, as Chinese editors count 字. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu
/** A run of letters or digits of other scripts is one word ("Stable Diffusion 1.5" is three). */
const WORD = /[\p{L}\p{N}]+(?:[.'’-][\p{L}\p{N}]+)*/gu

/**
 * AR4: the editor's word count (字数) of a Markdown body: what a reader sees, not its syntax. Link and
 * image addresses, heading marks, emphasis, list bullets, quote marks and code fences do not count;
 * an image's alt text and a link's text do. Each CJK character is one word; a run of other letters or
 * digits is one word.
 */
export const articleWordCount = (markdown: string): number => {
  const visible = markdown
    .replace(/^\s*(```|~~~).*$/gm, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, " $1 ")
    .replace(/<https?:[^>]*>/g, " ")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, " ")
  const cjk = visible.match(CJK)?.length ?? 0
  const words = visible.replace(CJK, " ").match(WORD)?.length ?? 0
  return cjk + words
}
