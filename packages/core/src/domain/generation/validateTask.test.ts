import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { TaskSubmit } from "../../api/schemas/TaskSubmit.js"
import { ENGINE_KINDS, type EngineKindName, type EngineLimits, engineLimitsOf } from "./engineLimits.js"
import { validateTask } from "./validateTask.js"

// Each builder decodes a valid submit (defaults filled in) and then lays the row's figures over it
// without the schema, so rows can go past the contract's bounds to show each engine rule failing.
const decode = Schema.decodeUnknownSync(TaskSubmit)
const build = (base: Record<string, unknown>) => (over: Record<string, unknown> = {}): TaskSubmit => ({ ...decode(base), ...over }) as TaskSubmit
const sd = build({ type: "sd", prompt: "a cat", checkpoint: "sd_xl_base_1.0.safetensors", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 768, height: 1024, seed: -1, num: 1 })
const quick = build({ type: "quick", num: 1, style_group: "default", style_name: "水彩" })
const mj = build({ type: "quick_mj", prompt: "一只猫", num: 4, version: "v7" })
const agent = build({ type: "agent", prompt: "画一只猫", num: 1 })
const tool = build({ type: "tool", tool: "hd-repair", image_url: "/u/a.png" })

const ok = undefined
/** A WebUI set up more tightly than the stock one, to reach the rules no stock engine trips after GV1. */
const small: EngineLimits = {
  ...engineLimitsOf("a1111"),
  size: { kind: "free", min: 64, max: 2048, multiple: 8, maxPixels: 1024 * 1024 },
  hiresScaleMax: 0,
  loraMax: 0,
  masks: false
}
const loras = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `lora_${i}`, weight: 0.8 }))
const at = (field: string, message: string) => ({ field, message })

type Row = readonly [rule: string, engine: EngineKindName | EngineLimits, name: string, submit: TaskSubmit, expected: { field: string; message: string } | undefined]

const rows: ReadonlyArray<Row> = [
  ["GV1", "mj-proxy", "MJ runs no sd task", sd(), at("type", "该引擎不支持此类任务")],
  ["GV1", "openai", "OpenAI runs no quick task", quick(), at("type", "该引擎不支持此类任务")],
  ["GV1", "a1111", "WebUI runs no agent task", agent(), at("type", "该引擎不支持此类任务")],
  ["GV1", "offline", "offline runs every type", mj(), ok],
  ["GV2", "mj-proxy", "MJ prompt of 2000 passes", mj({ prompt: "猫".repeat(2000) }), ok],
  ["GV2", "offline", "sd prompt over 4000", sd({ prompt: "a".repeat(4001) }), at("prompt", "提示词最多 4000 个字")],
  ["GV2", "mj-proxy", "MJ prompt over 2000", mj({ prompt: "猫".repeat(2001) }), at("prompt", "提示词最多 2000 个字")],
  ["GV2", "comfyui", "negative prompt over 4000", sd({ negative_prompt: "n".repeat(4001) }), at("negative_prompt", "反向提示词最多 4000 个字")],
  ["GV2", "openai", "agent prompt over 4000", agent({ prompt: "猫".repeat(4001) }), at("prompt", "提示词最多 4000 个字")],
  ["GV2", "offline", "quick without a prompt passes", quick(), ok],
  ["GV2", "a1111", "negative prompt at 4000 passes", sd({ negative_prompt: "n".repeat(4000) }), ok],
  ["GV3", "offline", "4 images pass", sd({ num: 4 }), ok],
  ["GV3", "mj-proxy", "MJ makes a 2×2 grid: 4 pass", mj({ num: 4 }), ok],
  ["GV3", "a1111", "5 images", sd({ num: 5 }), at("num", "每次最多生成 4 张")],
  ["GV3", "mj-proxy", "5 MJ images", mj({ num: 5 }), at("num", "每次最多生成 4 张")],
  ["GV3", "openai", "5 agent images", agent({ num: 5 }), at("num", "每次最多生成 4 张")],
  ["GV3", "offline", "a tool has no count", tool(), ok],
  ["GV4", "a1111", "width not a multiple of 8", sd({ width: 769 }), at("width", "宽度需为 8 的倍数")],
  ["GV4", "comfyui", "height not a multiple of 8", sd({ height: 1020 }), at("height", "高度需为 8 的倍数")],
  ["GV4", "offline", "64×64 is the smallest", sd({ width: 64, height: 64 }), ok],
  ["GV4", "offline", "width below 64", sd({ width: 56 }), at("width", "宽度需在 64 到 2048 之间")],
  ["GV4", "a1111", "height above 2048", sd({ height: 2056 }), at("height", "高度需在 64 到 2048 之间")],
  ["GV4", "comfyui", "ComfyUI keeps WebUI's bounds", sd({ width: 4096 }), at("width", "宽度需在 64 到 2048 之间")],
  ["GV5", "a1111", "2048×2048 is the largest area", sd({ width: 2048, height: 2048 }), ok],
  ["GV5", small, "over the engine's area of 1024×1024", sd({ width: 1024, height: 1032 }), at("width", "尺寸超出引擎上限 1024×1024")],
  ["GV5", small, "exactly the engine's area", sd({ width: 1024, height: 1024 }), ok],
  ["GV5", small, "long and thin within the area", sd({ width: 2048, height: 512 }), ok],
  ["GV5", "openai", "agent 1536×1024 is a listed size", agent({ size: "1536x1024" }), ok],
  ["GV5", "openai", "agent 512×512 is not listed", agent({ size: "512x512" }), at("size", "该引擎只支持 1024×1024、1536×1024、1024×1536 的尺寸")],
  ["GV5", "mj-proxy", "MJ takes a ratio, no size", mj({ ratio: "16:9" }), ok],
  ["GV5", "offline", "agent sizes fit the offline bounds", agent({ size: "1024x1536" }), ok],
  ["GV6", "a1111", "150 steps pass", sd({ steps: 150 }), ok],
  ["GV6", "offline", "1 step passes", sd({ steps: 1 }), ok],
  ["GV6", "a1111", "151 steps", sd({ steps: 151 }), at("steps", "迭代步数需在 1 到 150 之间")],
  ["GV6", "comfyui", "0 steps", sd({ steps: 0 }), at("steps", "迭代步数需在 1 到 150 之间")],
  ["GV7", "a1111", "CFG 30 passes", sd({ cfg_scale: 30 }), ok],
  ["GV7", "comfyui", "CFG 1 passes", sd({ cfg_scale: 1 }), ok],
  ["GV7", "a1111", "CFG 30.5", sd({ cfg_scale: 30.5 }), at("cfg_scale", "提示词引导系数需在 1 到 30 之间")],
  ["GV7", "offline", "CFG 0.5", sd({ cfg_scale: 0.5 }), at("cfg_scale", "提示词引导系数需在 1 到 30 之间")],
  ["GV8", "a1111", "5 LoRAs pass", sd({ loras: loras(5) }), ok],
  ["GV8", "comfyui", "6 LoRAs", sd({ loras: loras(6) }), at("loras", "最多添加 5 个 LoRA")],
  ["GV8", small, "an engine without LoRAs", sd({ loras: loras(1) }), at("loras", "该引擎不支持 LoRA")],
  ["GV8", small, "no LoRA on an engine without LoRAs", sd(), ok],
  ["GV9", "a1111", "hires ×2 of 1024 reaches 2048", sd({ width: 1024, height: 1024, hires: { scale: 2, upscaler: "Latent", steps: 10, denoising: 0.5 } }), ok],
  ["GV9", "offline", "hires ×4 of 1024 reaches 4096", sd({ width: 1024, height: 768, hires: { scale: 4, upscaler: "Latent", steps: 0, denoising: 0.5 } }), ok],
  ["GV9", small, "an engine without hires fix", sd({ hires: { scale: 1.5, upscaler: "Latent", steps: 10, denoising: 0.5 } }), at("hires", "该引擎不支持高清修复")],
  ["GV9", "a1111", "hires ×4.5", sd({ width: 512, height: 512, hires: { scale: 4.5, upscaler: "Latent", steps: 10, denoising: 0.5 } }), at("hires.scale", "放大倍数需在 1 到 4 之间")],
  ["GV9", "a1111", "hires ×4 of 1536 is over 4096", sd({ width: 1536, height: 1024, hires: { scale: 4, upscaler: "Latent", steps: 10, denoising: 0.5 } }), at("hires.scale", "高清修复后的尺寸超出引擎上限 4096×4096")],
  ["GV10", "a1111", "mask without a base image", sd({ mask_url: "/u/m.png" }), at("init_image_url", "局部重绘需要先上传底图")],
  ["GV10", "comfyui", "inpaint with both", sd({ init_image_url: "/u/a.png", mask_url: "/u/m.png", denoising_strength: 0.6 }), ok],
  ["GV10", "offline", "img2img without a mask", sd({ init_image_url: "/u/a.png" }), ok],
  ["GV10", small, "inpaint on an engine without masks", sd({ init_image_url: "/u/a.png", mask_url: "/u/m.png" }), at("mask_url", "该引擎不支持局部重绘")],
  ["GV10", small, "a tool's mask on an engine without masks", tool({ mask_url: "/u/m.png" }), at("mask_url", "该引擎不支持局部重绘")],
  ["GV10", "openai", "OpenAI edits take a mask", tool({ tool: "remove-watermark", mask_url: "/u/m.png" }), ok],
  ["GV11", "mj-proxy", "10 reference images pass", mj({ image_prompts: ["1", "2", "3", "4", "5"], style_reference: ["6", "7", "8", "9", "10"] }), ok],
  ["GV11", "mj-proxy", "11 reference images", mj({ image_prompts: ["1", "2", "3", "4", "5"], style_reference: ["6", "7", "8", "9", "10"], omni_reference: ["11"] }), at("image_prompts", "参考图最多 10 张")],
  ["GV12", "mj-proxy", "omni reference on v6", mj({ version: "v6.1", omni_reference: ["/u/o.png"] }), at("omni_reference", "全能参考仅支持 V7 及以上版本")],
  ["GV12", "mj-proxy", "omni reference on v7", mj({ version: "v7", omni_reference: ["/u/o.png"] }), ok],
  ["GV12", "mj-proxy", "character reference on v7", mj({ version: "v7", character_reference: ["/u/c.png"] }), at("character_reference", "角色参考仅支持 V6 与 Niji 6")],
  ["GV12", "mj-proxy", "character reference on niji 6", mj({ version: "niji 6", character_reference: ["/u/c.png"] }), ok],
  ["GV12", "offline", "offline checks MJ versions too", mj({ version: "v6", omni_reference: ["/u/o.png"] }), at("omni_reference", "全能参考仅支持 V7 及以上版本")],
  ["GV13", "offline", "redraw without a mask", tool({ tool: "redraw", prompt: "花" }), at("mask_url", "请先涂抹要重绘的区域")],
  ["GV13", "a1111", "redraw without a prompt", tool({ tool: "redraw", mask_url: "/u/m.png" }), at("prompt", "请输入提示词")],
  ["GV13", "openai", "redraw with a blank prompt", tool({ tool: "redraw", mask_url: "/u/m.png", prompt: "  " }), at("prompt", "请输入提示词")],
  ["GV13", "openai", "redraw with both", tool({ tool: "redraw", mask_url: "/u/m.png", prompt: "花" }), ok],
  ["GV13", "offline", "remove-watermark with auto_mask off needs a mask", tool({ tool: "remove-watermark", options: { auto_mask: false } }), at("mask_url", "请先涂抹要去除的区域")],
  ["GV13", "offline", "remove-watermark finds the marks itself by default", tool({ tool: "remove-watermark" }), ok],
  ["GV14", "offline", "hd-repair at scale 3", tool({ options: { scale: 3 } }), at("options", "放大倍数只能是：2 倍、4 倍")],
  ["GV14", "a1111", "a key the tool does not read", tool({ options: { strength: 1 } }), at("options", "高清修复没有“strength”这个选项")],
  ["GV13", "comfyui", "element-elimination needs a mask", tool({ tool: "element-elimination" }), at("mask_url", "请先涂抹要去除的区域")],
  ["GV13", "offline", "hd-repair needs no mask", tool(), ok],
  ["GV14", "mj-proxy", "the engine is checked before anything else", sd({ width: 769, steps: 150 }), at("type", "该引擎不支持此类任务")],
  ["GV14", "a1111", "the size before the steps", sd({ width: 769, height: 770 }), at("width", "宽度需为 8 的倍数")]
]

const cases = rows.map(([rule, engine, name, submit, expected]) => ({
  rule,
  engineName: typeof engine === "string" ? engine : "tight-webui",
  limits: typeof engine === "string" ? engineLimitsOf(engine) : engine,
  name,
  submit,
  expected
}))

describe("GV task validation per engine", () => {
  it.each(cases)("$rule $engineName: $name", ({ limits, submit, expected }) => {
    expect(validateTask(submit, limits)).toEqual(expected)
  })
})

describe("GV every engine", () => {
  it.each(ENGINE_KINDS)("engineLimitsOf(%s) names its own kind", (kind) => {
    expect(engineLimitsOf(kind).kind).toBe(kind)
  })
})
