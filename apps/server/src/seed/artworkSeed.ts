import type { ArtworkType } from "@mido/core"
import type { Db } from "../db/database.js"
import { artworks, categories, sdModels } from "../db/schema/artworks.js"
import { setFollow } from "../features/account/follows.js"
import { setReaction } from "../features/artworks/reactions.js"
import { seededRandom } from "./seedImages.js"

/**
 * Demo data for the artworks module, for the lead's seed: the SD model catalogue, artworks of all four
 * types with realistic Chinese titles and settings, and likes, collections and follows made through
 * the real rules (so counters match rows and the like and follow messages exist).
 */

export interface SeedImage {
  readonly url: string
  readonly width: number
  readonly height: number
  /** the title it was drawn from (seedPictures.ts): an artwork with this title takes it */
  readonly title?: string
}

/** The demo artworks' titles and prompts; each artwork's picture is drawn from its own (seedPictures.ts). */
export const SUBJECTS: ReadonlyArray<readonly [string, string]> = [
  ["江南烟雨", "江南水乡, 烟雨, 石桥, 油纸伞少女, ink wash painting"],
  ["雪夜江南", "snowy night, jiangnan town, red lanterns, stone bridge, 雪夜"],
  ["赛博长安", "cyberpunk chang'an city, neon lights, tang dynasty architecture, rain, 霓虹"],
  ["青绿山水", "青绿山水, blue green landscape, mountains, waterfall, song dynasty painting"],
  ["落日海岸", "sunset coast, golden hour, waves, lighthouse, cinematic lighting"],
  ["樱花少女", "1girl, cherry blossoms, school uniform, spring breeze, soft light, 樱花"],
  ["敦煌飞天", "dunhuang flying apsaras, mural style, silk ribbons, gold and turquoise, 飞天"],
  ["机械猫咪", "mechanical cat, steampunk, brass gears, detailed, studio light"],
  ["星空下的鲸", "whale flying in the starry sky, milky way, dreamy, surreal, 星空"],
  ["水墨竹林", "bamboo forest, ink wash, mist, chinese painting, minimalism, 竹林"],
  ["古风少年", "1boy, hanfu, long hair, sword, peach blossoms, wuxia, 古风"],
  ["未来城市", "futuristic city, flying cars, skyscrapers, sunset, concept art"],
  ["荷塘月色", "lotus pond, moonlight, fireflies, quiet night, 荷塘, 月色"],
  ["山海经·白泽", "bai ze, mythical beast, shan hai jing, white fur, clouds, 山海经"],
  ["雾中灯塔", "lighthouse in the fog, moody, cold tones, sea cliffs"],
  ["秋日银杏", "ginkgo trees, autumn, golden leaves, temple courtyard, 银杏"],
  ["霓虹雨夜", "rainy night street, neon signs, reflections, 1girl, umbrella, cyberpunk"],
  ["故宫初雪", "forbidden city, first snow, red walls, golden roofs, 故宫"],
  ["深海水母", "deep sea jellyfish, bioluminescence, dark blue, ethereal"],
  ["萌宠柯基", "corgi puppy, sunny meadow, flowers, cute, bokeh, 柯基"]
]

/** The title and prompt of the `index`-th seeded artwork. */
export const subjectOfArtwork = (index: number): readonly [string, string] => SUBJECTS[(index * 7) % SUBJECTS.length]!

/** The picture of the `index`-th artwork: one drawn from its title when there is one, in turn, else any. */
const imageOf = (images: ReadonlyArray<SeedImage>, title: string, index: number): SeedImage => {
  const own = images.filter((image) => image.title === title)
  return own.length > 0 ? own[Math.floor(index / SUBJECTS.length) % own.length]! : images[index % images.length]!
}

const NEGATIVE = "lowres, bad anatomy, bad hands, text, error, watermark, blurry, worst quality"

/** The catalogue the SD artworks' model chips name (GET /api/v1/open/artwork/models/info). */
export const SD_MODEL_CATALOGUE = [
  { type: "Checkpoint", name: "国风水墨 v3", file: "guofeng_ink_v3.safetensors", base: "SD 1.5", tags: ["国风", "水墨"], description: "水墨风格底模，适合山水与古风人像。\n推荐 CFG 6-8，步数 25-30。" },
  { type: "Checkpoint", name: "麦橘写实 v7", file: "majicmixRealistic_v7.safetensors", base: "SD 1.5", tags: ["写实", "人像"], description: "写实人像底模，肤质细腻，光影自然。" },
  { type: "Checkpoint", name: "二次元 Anything v5", file: "anything_v5.safetensors", base: "SD 1.5", tags: ["二次元", "动漫"], description: "经典二次元底模，线条干净，色彩明快。" },
  { type: "Checkpoint", name: "SDXL 1.0 基础", file: "sd_xl_base_1.0.safetensors", base: "SDXL 1.0", tags: ["通用", "SDXL"], description: "SDXL 官方基础模型，构图与细节更出色。" },
  { type: "LoRA", name: "油纸伞", file: "oilpaper_umbrella.safetensors", base: "SD 1.5", tags: ["国风", "道具"], description: "为画面加入油纸伞元素，权重 0.6-0.9 效果最佳。" },
  { type: "LoRA", name: "汉服少女", file: "hanfu_girl_v2.safetensors", base: "SD 1.5", tags: ["汉服", "人像"], description: "汉服服饰细节增强，支持唐制、宋制与明制。" },
  { type: "LoRA", name: "赛博霓虹", file: "cyber_neon.safetensors", base: "SD 1.5", tags: ["赛博朋克", "霓虹"], description: "霓虹灯光与雨夜反光效果。" },
  { type: "LoRA", name: "水彩质感", file: "watercolor_texture.safetensors", base: "SDXL 1.0", tags: ["水彩", "质感"], description: "水彩纸纹理与晕染效果。" }
] as const

/** Inserts the catalogue (covers by index, cycling); running it twice changes nothing. */
export const seedSdModels = async (db: Db, covers: ReadonlyArray<string>) => {
  await db.insert(sdModels).values(SD_MODEL_CATALOGUE.map((model, index) => ({
    type: model.type,
    name: model.name,
    cover: covers.length > 0 ? covers[index % covers.length]! : "",
    description: model.description,
    baseModel: model.base,
    files: [{ name: model.file, size: model.type === "Checkpoint" ? 2_132_625_408 + index * 7_340_032 : 151_111_680 + index * 1_048_576 }],
    tags: [...model.tags],
    useCount: 1200 + index * 3721
  }))).onConflictDoNothing()
}

const TYPES: ReadonlyArray<ArtworkType> = ["quick", "quick_mj", "sd", "agent"]
// the /aigc presets (features/generation/quickPresets.ts), and 国风插画, a style since retired: its
// works show how same-style names a style that is gone (SD10)
const QUICK_STYLES = [["default", "水彩插画"], ["default", "日系动漫"], ["pro", "电影质感"], ["pro", "赛博朋克"], ["default", "国风插画"]] as const
const MJ_VERSIONS = ["v7", "v6.1", "niji 6"] as const
const AGENTS = [[1, "国风插画师"], [2, "头像设计助手"], [3, "海报设计助手"]] as const
const SAMPLERS = ["DPM++ 2M", "Euler a", "DPM++ SDE", "UniPC"] as const

const parametersFor = (type: ArtworkType, prompt: string, image: SeedImage, pick: <T>(list: ReadonlyArray<T>) => T, random: () => number) => {
  switch (type) {
    case "quick": {
      const [group, name] = pick(QUICK_STYLES)
      return { base_image_url: random() < 0.3 ? image.url : null, style_info: { group, name, cover: image.url }, prompt }
    }
    case "quick_mj":
      return {
        image_prompts: random() < 0.4 ? [image.url] : [],
        style_reference: random() < 0.3 ? [image.url] : [],
        character_reference: [],
        omni_reference: [],
        version_info: { name: pick(MJ_VERSIONS) },
        prompt
      }
    case "sd": {
      const checkpoint = pick(SD_MODEL_CATALOGUE.filter((model) => model.type === "Checkpoint"))
      const lora = pick(SD_MODEL_CATALOGUE.filter((model) => model.type === "LoRA"))
      return {
        prompt: `masterpiece, best quality, ${prompt}`,
        negative_prompt: NEGATIVE,
        models: [
          { type: "Checkpoint", name: checkpoint.name, files: [{ name: checkpoint.file }] },
          ...(random() < 0.6 ? [{ type: "LoRA", name: lora.name, files: [{ name: lora.file }] }] : [])
        ],
        args: [
          { key: "steps", title: "Steps", value: 20 + Math.floor(random() * 4) * 5 },
          { key: "sampler", title: "Sampler", value: pick(SAMPLERS) },
          { key: "schedule_type", title: "Schedule type", value: "Karras" },
          { key: "cfg_scale", title: "CFG scale", value: 6 + Math.floor(random() * 3) },
          { key: "size", title: "Size", value: `${image.width}x${image.height}` },
          { key: "seed", title: "Seed", value: Math.floor(random() * 4_000_000_000) }
        ]
      }
    }
    case "agent": {
      const [id, name] = pick(AGENTS)
      return { id, name, head: image.url, prompt }
    }
  }
}

export interface SeedArtworksOptions {
  readonly users: ReadonlyArray<number>
  readonly images: ReadonlyArray<SeedImage>
  readonly count?: number
  /** The newest artwork's time; older ones spread over the 30 days before. */
  readonly now?: Date
  readonly seed?: number
}

/**
 * Inserts `count` (default 300) artworks, the four types in turn, by the given users, with the given
 * images as covers: one drawn from the artwork's own title when there is one. About 9 in 10 are on the
 * square; the rest are drafts, pending or rejected, so every library tab has content. Answers the new
 * ids, newest first.
 */
export const seedArtworks = async (db: Db, options: SeedArtworksOptions): Promise<Array<number>> => {
  if (options.users.length === 0 || options.images.length === 0) return []
  const random = seededRandom(options.seed ?? 7)
  const pick = <T,>(list: ReadonlyArray<T>): T => list[Math.floor(random() * list.length)]!
  const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((row) => row.id)
  const now = (options.now ?? new Date()).getTime()
  const total = options.count ?? 300
  const rows = Array.from({ length: total }, (_, index) => {
    const type = TYPES[index % TYPES.length]!
    const [title, prompt] = subjectOfArtwork(index)
    const image = imageOf(options.images, title, index)
    const roll = random()
    const status = roll < 0.9 ? "approved" : roll < 0.94 ? "draft" : roll < 0.97 ? "pending" : "rejected"
    const createdAt = new Date(now - Math.floor((index / total) * 30 * 86_400_000) - Math.floor(random() * 3_600_000))
    return {
      userUid: options.users[Math.floor(random() * options.users.length)]!,
      type,
      title: status === "draft" && random() < 0.5 ? null : title,
      cover: image.url,
      // the demo's works stand for drawn ones: their cards carry the AI生成 notice (AL8)
      aigcLabel: 1,
      width: image.width,
      height: image.height,
      parameters: parametersFor(type, prompt, image, pick, random),
      categoryId: categoryIds.length > 0 ? pick(categoryIds) : null,
      isPublic: status !== "draft",
      auditStatus: status,
      auditReason: status === "rejected" ? "画面包含不适宜公开展示的内容，请修改后重新提交" : null,
      auditSubmittedAt: status === "draft" ? null : createdAt,
      viewCount: Math.floor(random() * 5000),
      shareCount: Math.floor(random() * 40),
      createdAt
    } satisfies typeof artworks.$inferInsert
  })
  const ids: Array<number> = []
  for (let start = 0; start < rows.length; start += 100) {
    const inserted = await db.insert(artworks).values(rows.slice(start, start + 100)).returning({ id: artworks.id })
    ids.push(...inserted.map((row) => row.id))
  }
  return ids
}

/**
 * Likes, collections and follows among the users, through the real rules: counters match rows and
 * each new like and follow sends its message. `actions` per user (default 12) keeps it quick.
 */
export const seedSocial = async (db: Db, options: { users: ReadonlyArray<number>; artworkIds: ReadonlyArray<number>; actions?: number; now?: Date; seed?: number }) => {
  const random = seededRandom(options.seed ?? 11)
  const now = options.now ?? new Date()
  for (const uid of options.users) {
    for (let step = 0; step < (options.actions ?? 12); step++) {
      const artworkId = options.artworkIds[Math.floor(random() * options.artworkIds.length)]
      const other = options.users[Math.floor(random() * options.users.length)]
      const at = new Date(now.getTime() - Math.floor(random() * 7 * 86_400_000))
      if (artworkId !== undefined) {
        await setReaction(db, "like", uid, artworkId, true, at).catch(() => undefined)
        if (random() < 0.3) await setReaction(db, "collect", uid, artworkId, true, at).catch(() => undefined)
      }
      if (other !== undefined && other !== uid && random() < 0.4) await setFollow(db, uid, other, "follow", at)
    }
  }
}
