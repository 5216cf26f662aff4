import { describe, expect, it } from "vitest"
import { runRule } from "../commands/rule.js"
import { artworkRules } from "./artwork.js"

const run = (name: string, input: unknown) => runRule(artworkRules, name, JSON.stringify(input))

const card = { id: 9, cover: "c.png", width: 512, height: 768, created_at: 1700000000, user_name: "小米", is_like: false }
const sdArtwork = {
  ...card,
  type: "sd",
  parameters: {
    prompt: "少女, 樱花",
    negative_prompt: "模糊",
    models: [
      { type: "Checkpoint", name: "majicMIX", files: [{ name: "majicmix_v7.safetensors" }] },
      { type: "LoRA", name: "Sakura", files: [{ name: "sakura.safetensors" }] }
    ],
    args: [
      { key: "steps", title: "步数", value: 20 },
      { key: "sampler", title: "采样器", value: "DPM++ 2M, Karras" },
      { key: "cfg_scale", title: "CFG", value: 7 },
      { key: "size", title: "尺寸", value: "512x768" },
      { key: "seed", title: "种子", value: 42 }
    ]
  }
}
const sdText = '少女, 樱花, <lora:sakura:1.0>\nNegative prompt: 模糊\nSteps: 20, Sampler: "DPM++ 2M, Karras", CFG scale: 7, Size: 512x768, Seed: 42'
const quickParameters = { base_image_url: "a.png", style_info: { group: "pro", name: "水墨", cover: "s.png", tag: "x" }, strength: 0.6 }

describe("artwork.sameStyle and infotext.parse (harness)", () => {
  it.each([
    ["SD1", "artwork.sameStyle", { ...card, type: "quick", parameters: quickParameters }, { action: "aigc", drawType: 1, params: quickParameters }],
    ["SD1", "artwork.sameStyle", { type: "quick_mj", parameters: { image_prompts: ["a.png"], version_info: { name: "v7" } } }, { action: "aigc", drawType: 2, params: { image_prompts: ["a.png"], version_info: { name: "v7" } } }],
    ["SD2", "artwork.sameStyle", { ...card, type: "agent", parameters: { id: 3, name: "助手", head: "h.png" } }, { action: "none" }],
    ["SD3", "artwork.sameStyle", sdArtwork, { action: "webui", url: `/webui?model=majicMIX&prompt_for_paste=${encodeURIComponent(sdText)}`, text: sdText }],
    ["SD3", "artwork.sameStyle", { type: "sd", parameters: { prompt: "p", models: null, args: null } }, { action: "webui", url: "/webui?model=&prompt_for_paste=p", text: "p" }],
    ["IT1", "infotext.parse", { text: sdText }, { prompt: "少女, 樱花, <lora:sakura:1.0>", negativePrompt: "模糊", params: { Steps: "20", Sampler: "DPM++ 2M, Karras", "CFG scale": "7", Size: "512x768", Seed: "42" } }],
    ["IT2", "infotext.parse", { text: "cat\nSteps: 20, Seed: 1" }, { prompt: "cat\nSteps: 20, Seed: 1", negativePrompt: "", params: {} }],
    ["IT3", "infotext.parse", { text: 'p\nA1: "bad\\q", Seed: 1, Size: 2' }, { prompt: "p", negativePrompt: "", params: { A1: '"bad\\q"', Seed: "1", Size: "2" } }],
    ["IT4", "infotext.parse", { text: "" }, { prompt: "", negativePrompt: "", params: {} }]
  ])("%s %s", (_rule, name, input, expected) => {
    const result = run(name, input)
    expect(result.stderr).toBe("")
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(expected)
  })

  it("IT5 the text artwork.sameStyle gives reads back through infotext.parse", () => {
    const action = JSON.parse(run("artwork.sameStyle", sdArtwork).stdout) as { text: string }
    const parsed = JSON.parse(run("infotext.parse", { text: action.text }).stdout) as { params: Record<string, string> }
    expect(parsed.params).toEqual({ Steps: "20", Sampler: "DPM++ 2M, Karras", "CFG scale": "7", Size: "512x768", Seed: "42" })
  })

  it.each([
    ["SD1", "artwork.sameStyle", "an unknown type", { type: "video", parameters: {} }],
    ["SD1", "artwork.sameStyle", "missing parameters", { type: "quick" }],
    ["SD1", "artwork.sameStyle", "parameters that are not an object", { type: "quick", parameters: "x" }],
    ["SD1", "artwork.sameStyle", "a quick_mj image list of numbers", { type: "quick_mj", parameters: { image_prompts: [1] } }],
    ["SD3", "artwork.sameStyle", "a prompt that is not text", { type: "sd", parameters: { prompt: 5 } }],
    ["SD3", "artwork.sameStyle", "models that are not a list", { type: "sd", parameters: { models: "x" } }],
    ["SD3", "artwork.sameStyle", "an arg without key", { type: "sd", parameters: { args: [{ value: 1 }] } }],
    ["SD3", "artwork.sameStyle", "an arg value that is an object", { type: "sd", parameters: { args: [{ key: "steps", value: {} }] } }],
    ["SD1", "artwork.sameStyle", "not an object", []],
    ["IT4", "infotext.parse", "text missing", {}],
    ["IT4", "infotext.parse", "text not a string", { text: 1 }],
    ["IT4", "infotext.parse", "a bare string", "Steps: 1"]
  ])("%s %s rejects %s with exit 2", (_rule, name, _case, input) => {
    const result = run(name, input)
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toContain(`bad input for ${name}`)
  })
})
