import { describe, expect, it } from "vitest"
import { ToolKey } from "../../api/schemas/TaskSubmit.js"
import type { GenerationToolKey } from "../generation/GenerationTask.js"
import { AVATAR_STYLES, REDRAW_NEEDS_ENGINE, TOOL_CATALOGUE, toolOutputType, toolRunsOn, toolSpecOf } from "./toolCatalogue.js"
import { resolveToolOptions, toolInputProblem, toolResultCount, validateToolOptions } from "./toolOptions.js"

describe("TL1 the catalogue has the seven tools, each named as its page", () => {
  it("every tool of the contract, once", () => {
    expect(TOOL_CATALOGUE.map((tool) => tool.key).sort()).toEqual([...ToolKey.literals].sort())
  })
  it.each([
    ["hd-repair", "高清修复"],
    ["discount", "智能抠图"],
    ["remove-watermark", "去水印"],
    ["element-elimination", "元素消除"],
    ["style-avatar", "风格头像"],
    ["old-photo-restoration", "老照片上色"],
    ["redraw", "局部重绘"]
  ] as const)("%s is %s", (key, name) => {
    expect(toolSpecOf(key).name).toBe(name)
  })
})

type InputRow = readonly [rule: string, name: string, key: GenerationToolKey, input: Parameters<typeof toolInputProblem>[1], expected: string | undefined]
const inputRows: ReadonlyArray<InputRow> = [
  ["TL2", "element-elimination without a mask", "element-elimination", { options: {} }, "mask_url 请先涂抹要去除的区域"],
  ["TL2", "element-elimination with a mask", "element-elimination", { mask_url: "/u/m.png", options: {} }, undefined],
  ["TL2", "redraw without a mask", "redraw", { prompt: "花", options: {} }, "mask_url 请先涂抹要重绘的区域"],
  ["TL2", "remove-watermark with its auto mask (default)", "remove-watermark", { options: {} }, undefined],
  ["TL2", "remove-watermark with auto_mask off and no mask", "remove-watermark", { options: { auto_mask: false } }, "mask_url 请先涂抹要去除的区域"],
  ["TL2", "remove-watermark with auto_mask off and a mask", "remove-watermark", { mask_url: "/u/m.png", options: { auto_mask: false } }, undefined],
  ["TL2", "discount's mask is optional hints", "discount", { options: {} }, undefined],
  ["TL2", "hd-repair needs no mask", "hd-repair", { options: {} }, undefined],
  ["TL3", "redraw without a prompt", "redraw", { mask_url: "/u/m.png", options: {} }, "prompt 请输入提示词"],
  ["TL3", "redraw with a blank prompt", "redraw", { mask_url: "/u/m.png", prompt: "  ", options: {} }, "prompt 请输入提示词"],
  ["TL3", "redraw with both", "redraw", { mask_url: "/u/m.png", prompt: "花", options: {} }, undefined],
  ["TL3", "style-avatar needs no prompt", "style-avatar", { options: {} }, undefined]
]

describe("TL2–TL3 a tool's mask and prompt", () => {
  it.each(inputRows)("%s %s", (_rule, _name, key, input, expected) => {
    const problem = toolInputProblem(key, input)
    expect(problem === undefined ? undefined : `${problem.field} ${problem.message}`).toBe(expected)
  })
})

describe("TL4 which tools run offline", () => {
  it("every tool but redraw has an offline processor", () => {
    expect(TOOL_CATALOGUE.filter((tool) => !tool.offline).map((tool) => tool.key)).toEqual(["redraw"])
  })
  it("redraw says why before any bean is spent", () => {
    expect(toolSpecOf("redraw").offlineRefusal).toBe(REDRAW_NEEDS_ENGINE)
    expect(REDRAW_NEEDS_ENGINE).toContain("未扣除米豆")
  })
  it("old-photo restoration says colour needs an engine", () => {
    expect(toolSpecOf("old-photo-restoration").offlineNote).toMatch(/不能真正上色.*需要接入绘画引擎/)
  })
})

type OptionRow = readonly [rule: string, name: string, key: GenerationToolKey, options: Record<string, string | number | boolean>, expected: string | undefined]
const optionRows: ReadonlyArray<OptionRow> = [
  ["TL5", "no options at all", "hd-repair", {}, undefined],
  ["TL5", "hd-repair scale 4 lanczos", "hd-repair", { scale: 4, method: "lanczos" }, undefined],
  ["TL5", "hd-repair scale \"2\" as text", "hd-repair", { scale: "2" }, undefined],
  ["TL5", "hd-repair scale 3", "hd-repair", { scale: 3 }, "放大倍数只能是：2 倍、4 倍"],
  ["TL5", "hd-repair unknown method", "hd-repair", { method: "bicubic" }, "放大方式只能是：ESRGAN 超分辨率、Lanczos 快速放大"],
  ["TL5", "a key the tool does not read", "discount", { scale: 2 }, "智能抠图没有“scale”这个选项"],
  ["TL5", "discount feather 20 px", "discount", { feather: 20 }, undefined],
  ["TL5", "discount feather 21 px", "discount", { feather: 21 }, "边缘羽化需在 0 到 20 之间"],
  ["TL5", "discount feather 2.5 px", "discount", { feather: 2.5 }, "边缘羽化需为整数"],
  ["TL5", "discount feather not a number", "discount", { feather: "wide" }, "边缘羽化需在 0 到 20 之间"],
  ["TL5", "discount box inside the image", "discount", { box: "0.1,0.2,0.8,0.7" }, undefined],
  ["TL5", "discount box past the right edge", "discount", { box: "0.5,0,0.6,1" }, "主体范围需为 x,y,宽,高（0 到 1 之间的比例，且不超出图片）"],
  ["TL5", "discount box of three numbers", "discount", { box: "0,0,1" }, "主体范围需为 x,y,宽,高（0 到 1 之间的比例，且不超出图片）"],
  ["TL5", "discount box of zero width", "discount", { box: "0.2,0.2,0,0.5" }, "主体范围需为 x,y,宽,高（0 到 1 之间的比例，且不超出图片）"],
  ["TL5", "discount box 2% wide, the smallest", "discount", { box: "0.2,0.2,0.02,0.5" }, undefined],
  ["TL5", "discount box 1.9% high, a slip of the mouse", "discount", { box: "0.2,0.2,0.5,0.019" }, "主体范围太小，请框出更大的区域（宽和高至少为图片的 2%）"],
  ["TL5", "remove-watermark ns without auto mask", "remove-watermark", { method: "ns", auto_mask: false }, undefined],
  ["TL5", "remove-watermark auto_mask \"yes\"", "remove-watermark", { auto_mask: "yes" }, "自动识别水印需为开或关"],
  ["TL5", "element-elimination radius 0", "element-elimination", { radius: 0 }, "修复半径需在 1 到 15 之间"],
  ["TL5", "style-avatar two styles", "style-avatar", { styles: "cartoon,film" }, undefined],
  ["TL5", "style-avatar all four", "style-avatar", { styles: AVATAR_STYLES.join(",") }, undefined],
  ["TL5", "style-avatar no style", "style-avatar", { styles: " , " }, "请至少选择一种风格"],
  ["TL5", "style-avatar unknown style", "style-avatar", { styles: "cartoon,oil" }, "风格只能是：卡通、素描、色块、胶片"],
  ["TL5", "style-avatar the same style twice", "style-avatar", { styles: "sketch,sketch" }, "风格不能重复选择"],
  ["TL5", "old photo strengths", "old-photo-restoration", { denoise: 0, contrast: 10, scratch: 7, tint: "sepia" }, undefined],
  ["TL5", "old photo denoise 11", "old-photo-restoration", { denoise: 11 }, "降噪强度需在 0 到 10 之间"],
  ["TL5", "old photo tint colourise", "old-photo-restoration", { tint: "colorize" }, "色调滤镜只能是：无、怀旧棕（滤镜）、双色调（滤镜）"],
  ["TL5", "redraw strength 0.5", "redraw", { denoising_strength: 0.5 }, undefined],
  ["TL5", "redraw strength 1.2", "redraw", { denoising_strength: 1.2 }, "重绘幅度需在 0 到 1 之间"]
]

describe("TL5 validateToolOptions: the first problem, in Chinese", () => {
  it.each(optionRows)("%s %s", (_rule, _name, key, options, expected) => {
    expect(validateToolOptions(key, options)).toBe(expected)
  })
})

describe("TL6 resolveToolOptions fills the defaults and types the values", () => {
  it.each([
    ["hd-repair", {}, { scale: 2, method: "esrgan" }],
    ["hd-repair", { scale: "4" }, { scale: 4, method: "esrgan" }],
    ["discount", {}, { feather: 2 }],
    ["discount", { box: " 0.1, 0.2,0.5,0.5" }, { feather: 2, box: "0.1,0.2,0.5,0.5" }],
    ["remove-watermark", { auto_mask: "false" }, { method: "telea", radius: 5, auto_mask: false }],
    ["style-avatar", { styles: " film , sketch " }, { styles: "film,sketch" }],
    ["style-avatar", {}, { styles: "cartoon,sketch" }],
    ["old-photo-restoration", { denoise: "7" }, { denoise: 7, contrast: 4, scratch: 5, tint: "none" }]
  ] as const)("%s %j", (key, options, expected) => {
    expect(resolveToolOptions(key, options)).toEqual(expected)
  })
  it("every default passes validation", () => {
    for (const tool of TOOL_CATALOGUE) expect(validateToolOptions(tool.key, resolveToolOptions(tool.key, {}))).toBeUndefined()
  })
})

describe("TL7 the result's type", () => {
  it.each([
    ["discount", "image/jpeg", "image/png"],
    ["discount", "image/png", "image/png"],
    ["hd-repair", "image/jpeg", "image/jpeg"],
    ["hd-repair", "image/png", "image/png"],
    ["style-avatar", "image/webp", "image/png"],
    ["old-photo-restoration", "image/jpeg", "image/jpeg"]
  ] as const)("%s of %s → %s", (key, input, output) => {
    expect(toolOutputType(key, input)).toBe(output)
  })
})

describe("TL8 how many images a tool task makes offline", () => {
  it.each([
    ["style-avatar", {}, 2],
    ["style-avatar", { styles: "film" }, 1],
    ["style-avatar", { styles: "cartoon,sketch,posterize,film" }, 4],
    ["hd-repair", { scale: 4 }, 1],
    ["discount", {}, 1]
  ] as const)("%s %j → %i", (key, options, count) => {
    expect(toolResultCount(key, options)).toBe(count)
  })
})

describe("TL9 who runs a tool: the processors or the engine", () => {
  it.each([
    ["hd-repair", "offline", false, "processor"],
    ["hd-repair", "a1111", false, "engine"],
    ["hd-repair", "comfyui", false, "engine"],
    ["hd-repair", "openai", false, "processor"],
    ["discount", "a1111", true, "processor"],
    ["discount", "openai", false, "processor"],
    ["remove-watermark", "a1111", false, "processor"],
    ["remove-watermark", "a1111", true, "engine"],
    ["element-elimination", "openai", true, "engine"],
    ["style-avatar", "comfyui", false, "engine"],
    ["old-photo-restoration", "openai", false, "engine"],
    ["old-photo-restoration", "offline", false, "processor"],
    ["redraw", "a1111", true, "engine"]
  ] as const)("%s on %s (mask %s) → %s", (key, engine, hasMask, expected) => {
    expect(toolRunsOn(key, engine, hasMask)).toBe(expected)
  })
})
