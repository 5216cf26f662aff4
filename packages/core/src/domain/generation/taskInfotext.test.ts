import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { TaskSubmit } from "../../api/schemas/TaskSubmit.js"
import { parseInfotext } from "../infotext/parseInfotext.js"
import { parseGenerationParameters } from "../infotext/webuiParseOracle.js"
import { infotextOfTask } from "./taskInfotext.js"

const decode = Schema.decodeUnknownSync(TaskSubmit)
const made = { seed: 987654321, width: 768, height: 1024, engineLabel: "本地演示引擎" }
const sdTask = (over: Record<string, unknown> = {}) =>
  decode({
    type: "sd",
    prompt: "a cat, masterpiece",
    negative_prompt: "blurry, lowres",
    checkpoint: "sd_xl_base_1.0.safetensors [31e35c80fc]",
    loras: [{ name: "ink_v2", weight: 0.8 }],
    sampler: "DPM++ 2M",
    schedule_type: "Karras",
    steps: 28,
    cfg_scale: 6.5,
    width: 768,
    height: 1024,
    seed: -1,
    num: 1,
    ...over
  })

const SD_PARAMS = {
  Steps: "28",
  Sampler: "DPM++ 2M",
  "Schedule type": "Karras",
  "CFG scale": "6.5",
  Seed: "987654321",
  Size: "768x1024",
  Model: "sd_xl_base_1.0",
  Engine: "本地演示引擎"
}

type Row = readonly [rule: string, name: string, submit: TaskSubmit, prompt: string, negativePrompt: string, params: Record<string, string>]

const rows: ReadonlyArray<Row> = [
  ["GI1", "sd: the LoRA tag stays in the prompt", sdTask(), "a cat, masterpiece, <lora:ink_v2:0.8>", "blurry, lowres", SD_PARAMS],
  ["GI1", "sd: a tag already in the prompt is not repeated", sdTask({ prompt: "<lora:ink_v2:0.5> a cat" }), "<lora:ink_v2:0.5> a cat", "blurry, lowres", SD_PARAMS],
  ["GI1", "sd: no negative prompt, two LoRAs, multi-line prompt", sdTask({ prompt: "a cat\n\nsitting", negative_prompt: "", loras: [{ name: "a", weight: 1 }, { name: "b", weight: -0.5 }] }), "a cat\n\nsitting, <lora:a:1>, <lora:b:-0.5>", "", SD_PARAMS],
  [
    "GI1",
    "sd: hires fix settings follow the Model",
    sdTask({ hires: { scale: 2, upscaler: "R-ESRGAN 4x+", steps: 10, denoising: 0.45 } }),
    "a cat, masterpiece, <lora:ink_v2:0.8>",
    "blurry, lowres",
    { ...SD_PARAMS, "Denoising strength": "0.45", "Hires upscale": "2", "Hires steps": "10", "Hires upscaler": "R-ESRGAN 4x+" }
  ],
  [
    "GI1",
    "sd: img2img writes its denoising strength",
    sdTask({ init_image_url: "/u/a.png", mask_url: "/u/m.png", denoising_strength: 0.6 }),
    "a cat, masterpiece, <lora:ink_v2:0.8>",
    "blurry, lowres",
    { ...SD_PARAMS, "Denoising strength": "0.6" }
  ],
  [
    "GI1",
    "sd: values with commas and colons are quoted and read back",
    sdTask({ sampler: "DPM++ 2M, SDE", schedule_type: "a:b", checkpoint: "odd, name.ckpt" }),
    "a cat, masterpiece, <lora:ink_v2:0.8>",
    "blurry, lowres",
    { ...SD_PARAMS, Sampler: "DPM++ 2M, SDE", "Schedule type": "a:b", Model: "odd, name" }
  ],
  ["GI2", "quick without a prompt", decode({ type: "quick", num: 1, style_group: "default", style_name: "水彩" }), "", "", { Size: "768x1024", Seed: "987654321", Model: "本地演示引擎", Style: "水彩" }],
  ["GI2", "quick with a prompt", decode({ type: "quick", num: 1, style_group: "pro", style_name: "赛博朋克", prompt: "城市夜景" }), "城市夜景", "", { Size: "768x1024", Seed: "987654321", Model: "本地演示引擎", Style: "赛博朋克" }],
  ["GI2", "quick_mj names its version", decode({ type: "quick_mj", prompt: "一只猫 --stylize 200", num: 4, version: "niji 6" }), "一只猫 --stylize 200", "", { Size: "768x1024", Seed: "987654321", Model: "本地演示引擎", "MJ version": "niji 6" }],
  ["GI2", "agent", decode({ type: "agent", prompt: "画一只猫，水彩风格", num: 1 }), "画一只猫，水彩风格", "", { Size: "768x1024", Seed: "987654321", Model: "本地演示引擎" }],
  ["GI2", "a tool names itself", decode({ type: "tool", tool: "redraw", image_url: "/u/a.png", mask_url: "/u/m.png", prompt: "一朵花" }), "一朵花", "", { Size: "768x1024", Seed: "987654321", Model: "本地演示引擎", Tool: "局部重绘" }],
  ["GI2", "a tool without a prompt", decode({ type: "tool", tool: "hd-repair", image_url: "/u/a.png" }), "", "", { Size: "768x1024", Seed: "987654321", Model: "本地演示引擎", Tool: "高清修复" }]
]

/** WebUI splits a WxH value into label-1 and label-2; put it back together to compare. */
const joinSizes = (read: Map<string, string>): Record<string, string> => {
  const result: Record<string, string> = {}
  for (const [label, value] of read) {
    if (label === "Prompt" || label === "Negative prompt" || label.endsWith("-2")) continue
    if (label.endsWith("-1")) result[label.slice(0, -2)] = `${value}x${read.get(`${label.slice(0, -2)}-2`)}`
    else result[label] = value
  }
  return result
}

describe("GI infotext of a task's images reads back the same", () => {
  it.each(rows)("%s %s: our parser", (_rule, _name, submit, prompt, negativePrompt, params) => {
    expect(parseInfotext(infotextOfTask(submit, made))).toEqual({ prompt, negativePrompt, params })
  })

  it.each(rows)("%s %s: WebUI's parser (A1111 parse_generation_parameters)", (_rule, _name, submit, prompt, negativePrompt, params) => {
    const read = parseGenerationParameters(infotextOfTask(submit, made))
    expect(read.get("Prompt")).toBe(prompt)
    expect(read.get("Negative prompt")).toBe(negativePrompt)
    expect(joinSizes(read)).toEqual(params)
    expect(read.get("Size-1")).toBe(submit.type === "sd" ? String(submit.width) : String(made.width))
  })

  it("GI3 the offline engine's images say so", () => {
    for (const [, , submit] of rows) expect(infotextOfTask(submit, made)).toContain("本地演示引擎")
  })

  it("GI1 sd writes WebUI's order: Steps, Sampler, Schedule type, CFG scale, Seed, Size, Model", () => {
    const lastLine = infotextOfTask(sdTask(), made).split("\n").pop() ?? ""
    expect(lastLine).toBe("Steps: 28, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 6.5, Seed: 987654321, Size: 768x1024, Model: sd_xl_base_1.0, Engine: 本地演示引擎")
  })
})
