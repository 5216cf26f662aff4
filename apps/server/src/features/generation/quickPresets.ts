import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import { implement } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { objectUrl } from "../files/storedFiles.js"

/** A preset as the server keeps it: what the page shows, and the key of its cover in storage. */
export interface PresetEntry {
  readonly slug: string
  readonly name: string
  readonly description: string
}

/**
 * The quick mode's style presets (/aigc 快捷绘画). The name is what a task records as style_name
 * (the offline engine draws it as part of the prompt); pro styles cost more (GC1).
 */
export const QUICK_STYLES: ReadonlyArray<PresetEntry & { readonly group: "default" | "pro" }> = [
  { group: "default", slug: "quick-watercolor", name: "水彩插画", description: "通透的水彩晕染" },
  { group: "default", slug: "quick-anime", name: "日系动漫", description: "清新明亮的二次元" },
  { group: "default", slug: "quick-ink", name: "国风水墨", description: "留白与墨韵" },
  { group: "default", slug: "quick-oil", name: "古典油画", description: "厚涂笔触与暖光" },
  { group: "default", slug: "quick-clay", name: "3D 黏土", description: "圆润可爱的手办感" },
  { group: "default", slug: "quick-pixel", name: "像素游戏", description: "复古 8-bit 风格" },
  { group: "pro", slug: "quick-cinematic", name: "电影质感", description: "宽银幕光影与调色" },
  { group: "pro", slug: "quick-cyberpunk", name: "赛博朋克", description: "霓虹都市夜景" },
  { group: "pro", slug: "quick-portrait", name: "商业人像", description: "棚拍级布光" },
  { group: "pro", slug: "quick-ghibli", name: "童话绘本", description: "温暖治愈的手绘童话" }
]

/** The Midjourney versions MJ mode offers; `name` is what a task sends as version. */
export const MJ_VERSIONS: ReadonlyArray<PresetEntry & { readonly label: string }> = [
  { slug: "mj-v7", name: "v7", label: "MJ V7", description: "最新版本，细节与构图更好" },
  { slug: "mj-v6-1", name: "v6.1", label: "MJ V6.1", description: "稳定写实，文字更准" },
  { slug: "mj-niji-6", name: "niji 6", label: "Niji 6", description: "动漫与插画风格" }
]

/**
 * Where a preset's cover is stored (rendered at start by the offline engine, seed/presetCovers.ts).
 * Named drawn-* since the engine draws subjects (issue 25): a store that kept the older landscapes
 * under presets/<slug>.jpg draws the new covers once instead of showing those.
 */
export const presetCoverKey = (slug: string): string => `presets/drawn-${slug}.jpg`

/** GET /api/v2/quick/styles and /api/v2/quick/mj/versions: the /aigc choices with their covers. */
export const registerQuickPresets = (app: Hono, deps: ServerDeps) => {
  const cover = (slug: string) => objectUrl(deps.config, presetCoverKey(slug))
  implement(app, deps, Api.generation.quickStyles, () =>
    Promise.resolve({ list: QUICK_STYLES.map((style) => ({ group: style.group, name: style.name, cover: cover(style.slug), description: style.description })) }))
  implement(app, deps, Api.generation.mjVersions, () =>
    Promise.resolve({ list: MJ_VERSIONS.map((version) => ({ name: version.name, label: version.label, cover: cover(version.slug), description: version.description })) }))
}
