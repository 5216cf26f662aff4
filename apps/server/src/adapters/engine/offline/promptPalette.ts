import { hashWords } from "./seededRandom.js"

/**
 * What the offline engine reads from a prompt: the hues its words name (红, 蓝, 金, sunset, ocean…),
 * whether the scene is dark or light, and which composition suits it (mountains for 山, waves for 海…).
 * Words it does not know still count: the prompt's hash picks the hues and the composition, so any two
 * prompts look different and the same prompt always looks the same.
 */

export type CompositionName = "gradients" | "blobs" | "waves" | "mountains" | "bokeh"
export type Mood = "dark" | "light" | "neutral"

export interface PromptPalette {
  /** three hues in degrees, the prompt's own first */
  readonly hues: readonly [number, number, number]
  readonly mood: Mood
  readonly composition: CompositionName
}

interface WordHues {
  readonly words: ReadonlyArray<string>
  readonly hues: ReadonlyArray<number>
  readonly mood?: Mood
}

const colourWords: ReadonlyArray<WordHues> = [
  { words: ["sunset", "夕阳", "晚霞", "黄昏", "dusk"], hues: [18, 340, 275] },
  { words: ["ocean", "sea", "海", "浪", "wave", "lake", "湖"], hues: [200, 185, 228] },
  { words: ["forest", "森林", "树", "tree", "jungle", "竹"], hues: [130, 95, 165] },
  { words: ["fire", "火", "flame", "lava", "熔岩"], hues: [8, 32, 350] },
  { words: ["snow", "雪", "ice", "冰", "winter", "冬"], hues: [205, 190, 225], mood: "light" },
  { words: ["night", "夜", "星", "star", "galaxy", "space", "宇宙", "moon", "月"], hues: [235, 268, 195], mood: "dark" },
  { words: ["desert", "沙漠", "sand", "沙"], hues: [36, 24, 48] },
  { words: ["autumn", "秋", "maple", "枫"], hues: [24, 8, 42] },
  { words: ["spring", "春", "flower", "花"], hues: [335, 105, 52] },
  { words: ["neon", "霓虹", "cyberpunk", "赛博"], hues: [305, 188, 262], mood: "dark" },
  { words: ["red", "红", "赤", "crimson", "scarlet"], hues: [355] },
  { words: ["orange", "橙", "橘"], hues: [28] },
  { words: ["gold", "golden", "yellow", "金", "黄"], hues: [45] },
  { words: ["green", "绿", "翠", "emerald"], hues: [135] },
  { words: ["cyan", "teal", "turquoise", "青"], hues: [180] },
  { words: ["blue", "蓝", "azure"], hues: [215] },
  { words: ["purple", "violet", "lavender", "紫"], hues: [275] },
  { words: ["pink", "rose", "粉", "樱", "sakura", "cherry"], hues: [335] },
  { words: ["black", "dark", "黑", "暗"], hues: [], mood: "dark" },
  { words: ["white", "bright", "白", "明亮"], hues: [], mood: "light" }
]

const compositionWords: ReadonlyArray<{ readonly words: ReadonlyArray<string>; readonly composition: CompositionName }> = [
  { words: ["mountain", "hill", "landscape", "山", "峰", "风景", "peak"], composition: "mountains" },
  // a lighthouse stands by the sea (listed before the lights, so 灯塔 is not read as 灯)
  { words: ["ocean", "sea", "wave", "river", "海", "浪", "河", "水", "stripe", "条纹", "灯塔", "lighthouse"], composition: "waves" },
  { words: ["star", "night", "city", "bokeh", "light", "galaxy", "星", "夜", "城市", "灯", "光"], composition: "bokeh" },
  { words: ["flower", "cloud", "dream", "abstract", "花", "云", "梦", "抽象", "bubble", "泡"], composition: "blobs" },
  { words: ["portrait", "girl", "boy", "sky", "人", "少女", "天空", "gradient", "渐变"], composition: "gradients" }
]

const compositions: ReadonlyArray<CompositionName> = ["gradients", "blobs", "waves", "mountains", "bokeh"]

/** Where each word first appears in the prompt, so the earliest named colour leads. */
const firstIndex = (text: string, words: ReadonlyArray<string>): number => {
  const found = words.map((word) => text.indexOf(word)).filter((at) => at >= 0)
  return found.length === 0 ? -1 : Math.min(...found)
}

const normalise = (hue: number) => ((hue % 360) + 360) % 360

export const paletteOfPrompt = (prompt: string): PromptPalette => {
  const text = prompt.toLowerCase()
  const [h1, h2, h3] = hashWords("palette", text)
  const named = colourWords
    .map((entry) => ({ entry, at: firstIndex(text, entry.words) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
  // a single colour word (红, blue…) leads with its hue and a close neighbour, so it dominates the picture
  const hues = named.flatMap(({ entry }) => (entry.hues.length === 1 ? [entry.hues[0] ?? 0, (entry.hues[0] ?? 0) + 24] : entry.hues))
  // unnamed hues: the prompt's hash, as an analogous, triadic or complementary scheme around its base
  const base = hues[0] ?? h1 % 360
  const schemes = [
    [28, -32],
    [120, 240],
    [180, 30],
    [150, 210]
  ] as const
  const scheme = schemes[h2 % schemes.length] ?? schemes[0]
  const jitter = (h3 % 21) - 10
  const filled = [...hues, normalise(base + scheme[0] + jitter), normalise(base + scheme[1] - jitter)]
  const mood = named.map(({ entry }) => entry.mood).find((m) => m !== undefined) ?? "neutral"
  const byWord = compositionWords
    .map((entry) => ({ entry, at: firstIndex(text, entry.words) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)[0]
  const composition = byWord?.entry.composition ?? compositions[h3 % compositions.length] ?? "gradients"
  return {
    hues: [normalise(filled[0] ?? base), normalise(filled[1] ?? base + 30), normalise(filled[2] ?? base - 30)],
    mood,
    composition
  }
}
