import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { AgentParameters, QuickMjParameters, QuickParameters, SdParameters } from "../../api/schemas/ArtworkParameters.js"
import { TaskSubmit } from "../../api/schemas/TaskSubmit.js"
import { sdPasteText } from "../artwork/sdPasteText.js"
import { artworkParametersOf, artworkTypeOf, checkpointFileAndName } from "./taskArtwork.js"

const decode = Schema.decodeUnknownSync(TaskSubmit)
const made = { seed: 1234, width: 768, height: 1024, engineLabel: "本地演示引擎" }
const DECODERS: Record<"quick" | "quick_mj" | "sd" | "agent", (parameters: unknown) => unknown> = {
  quick: Schema.decodeUnknownSync(QuickParameters),
  quick_mj: Schema.decodeUnknownSync(QuickMjParameters),
  sd: Schema.decodeUnknownSync(SdParameters),
  agent: Schema.decodeUnknownSync(AgentParameters)
}

const sdTask = decode({
  type: "sd",
  prompt: "a cat, masterpiece",
  negative_prompt: "blurry",
  checkpoint: "xl/sd_xl_base_1.0.safetensors [31e35c80fc]",
  loras: [{ name: "ink_v2", weight: 0.8 }],
  sampler: "DPM++ 2M",
  schedule_type: "Karras",
  steps: 28,
  cfg_scale: 6.5,
  width: 768,
  height: 1024,
  seed: -1,
  num: 2
})

const samples: ReadonlyArray<readonly [rule: string, name: string, submit: TaskSubmit, type: keyof typeof DECODERS]> = [
  ["GA1", "quick", decode({ type: "quick", num: 1, style_group: "pro", style_name: "水彩", style_cover: "/s/c.png" }), "quick"],
  ["GA1", "quick with a base image", decode({ type: "quick", num: 1, style_group: "default", style_name: "插画", base_image_url: "/u/b.png" }), "quick"],
  ["GA1", "quick_mj", decode({ type: "quick_mj", prompt: "猫", num: 4, version: "v7", omni_reference: ["/u/o.png"] }), "quick_mj"],
  ["GA2", "sd", sdTask, "sd"],
  ["GA3", "a tool is an sd artwork", decode({ type: "tool", tool: "hd-repair", image_url: "/u/a.png" }), "sd"],
  ["GA4", "agent", decode({ type: "agent", prompt: "画一只猫", num: 1 }), "agent"]
]

describe("GA artwork type and parameters of a task", () => {
  it.each(samples)("%s %s decodes with its artwork type's schema", (_rule, _name, submit, type) => {
    expect(artworkTypeOf(submit)).toBe(type)
    const parameters = artworkParametersOf(submit, made)
    expect(() => DECODERS[type](parameters)).not.toThrow()
  })

  it("GA2 sd: prompt with LoRA tags, models and WebUI's args with the seed used", () => {
    expect(artworkParametersOf(sdTask, made)).toEqual({
      prompt: "a cat, masterpiece, <lora:ink_v2:0.8>",
      negative_prompt: "blurry",
      models: [
        { type: "Checkpoint", name: "sd_xl_base_1.0", files: [{ name: "xl/sd_xl_base_1.0.safetensors" }] },
        { type: "LoRA", name: "ink_v2", files: [{ name: "ink_v2.safetensors" }] }
      ],
      args: [
        { key: "steps", title: "Steps", value: 28 },
        { key: "sampler", title: "Sampler", value: "DPM++ 2M" },
        { key: "schedule_type", title: "Schedule type", value: "Karras" },
        { key: "cfg_scale", title: "CFG scale", value: 6.5 },
        { key: "size", title: "Size", value: "768x1024" },
        { key: "seed", title: "Seed", value: 1234 },
        { key: "engine", title: "引擎", value: "本地演示引擎" }
      ]
    })
  })

  it.each([
    ["img2img", { init_image_url: "/u/a.png", denoising_strength: 0.6 }, [["denoising_strength", "Denoising strength", 0.6]]],
    [
      "hires fix",
      { hires: { scale: 1.5, upscaler: "Latent", steps: 12, denoising: 0.45 } },
      [["denoising_strength", "Denoising strength", 0.45], ["hires_upscale", "Hires upscale", 1.5], ["hires_steps", "Hires steps", 12], ["hires_upscaler", "Hires upscaler", "Latent"]]
    ]
  ] as const)("GA2 %s settings follow the engine in args", (_name, over, extra) => {
    const task = decode({ ...Schema.encodeSync(TaskSubmit)(sdTask), ...over })
    const parameters = artworkParametersOf(task, made) as { args: ReadonlyArray<{ key: string; title: string; value: unknown }> }
    expect(parameters.args.slice(7).map((a) => [a.key, a.title, a.value])).toEqual(extra)
  })

  it("GA1 quick and quick_mj keep what the user chose, their prompt included (GA5)", () => {
    expect(artworkParametersOf(decode({ type: "quick", num: 1, style_group: "pro", style_name: "水彩", style_cover: "/s/c.png", prompt: " 湖边的小屋 " }), made)).toEqual({
      base_image_url: null,
      style_info: { group: "pro", name: "水彩", cover: "/s/c.png" },
      prompt: "湖边的小屋"
    })
    expect(artworkParametersOf(decode({ type: "quick", num: 1, style_group: "default", style_name: "插画", base_image_url: "/u/b.png" }), made)).toEqual({
      base_image_url: "/u/b.png",
      style_info: { group: "default", name: "插画", cover: "" },
      prompt: ""
    })
    expect(artworkParametersOf(decode({ type: "quick_mj", prompt: "猫", num: 4, version: "niji 6", image_prompts: ["/u/1.png"], character_reference: ["/u/c.png"] }), made)).toEqual({
      image_prompts: ["/u/1.png"],
      style_reference: [],
      character_reference: ["/u/c.png"],
      omni_reference: [],
      version_info: { name: "niji 6" },
      prompt: "猫"
    })
  })

  it("GA4 agent names the one assistant and keeps the prompt it drew (GA5)", () => {
    expect(artworkParametersOf(decode({ type: "agent", prompt: "画一只猫", num: 2 }), made)).toEqual({ id: 1, name: "智能助手", head: "", prompt: "画一只猫" })
  })

  it("GA2 the same-style paste text of the artwork keeps the LoRA weight (no second tag)", () => {
    const parameters = Schema.decodeUnknownSync(SdParameters)(artworkParametersOf(sdTask, made))
    expect(sdPasteText(parameters).split("\n")[0]).toBe("a cat, masterpiece, <lora:ink_v2:0.8>")
  })

  it("GA3 a tool names itself, the size and the engine", () => {
    const parameters = artworkParametersOf(decode({ type: "tool", tool: "old-photo-restoration", image_url: "/u/a.png" }), made)
    expect(parameters).toEqual({
      prompt: "",
      negative_prompt: "",
      models: [],
      args: [
        { key: "tool", title: "工具", value: "老照片上色" },
        { key: "size", title: "Size", value: "768x1024" },
        { key: "engine", title: "引擎", value: "本地演示引擎" }
      ]
    })
  })

  it("GA2 checkpoint titles: hash and folders off for the name, the file kept", () => {
    expect(checkpointFileAndName("v1-5-pruned-emaonly.safetensors [6ce0161689]")).toEqual({ file: "v1-5-pruned-emaonly.safetensors", name: "v1-5-pruned-emaonly" })
    expect(checkpointFileAndName("juggernaut")).toEqual({ file: "juggernaut", name: "juggernaut" })
  })
})
