import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ArtworkContent, SdParameters } from "./Artwork.js"
import { sameStyle } from "./sameStyle.js"

const sd = (parameters: SdParameters): ArtworkContent => ({ type: "sd", parameters })
const quickParams = { base_image_url: "https://cdn.example/a.png", style_info: { group: "pro", name: "水墨", cover: "c.png" }, extra: 1 }
const mjParams = { image_prompts: ["a.png"], style_reference: [], character_reference: null, version_info: { name: "v7", cover: "v.png" } }
const fullMj = {
  prompt: "一只机械猫 --chaos 10",
  image_prompts: ["i.png"],
  style_reference: ["s.png"],
  character_reference: ["c.png"],
  omni_reference: ["o.png"],
  version_info: { name: "v7", cover: "v.png" }
}
const fullSd: SdParameters = {
  prompt: "1girl, (masterpiece:1.2)",
  negative_prompt: "lowres",
  models: [
    { type: "Checkpoint", name: "majicMIX realistic 麦橘写实", files: [{ name: "majicmixRealistic_v7.safetensors" }] },
    { type: "LoRA", name: "Ink", files: [{ name: "ink_v2.safetensors" }] }
  ],
  args: [
    { key: "seed", title: "随机种子", value: 1234 },
    { key: "steps", title: "步数", value: 20 },
    { key: "sampler", title: "采样器", value: "DPM++ 2M" },
    { key: "cfg_scale", title: "CFG", value: 7 },
    { key: "size", title: "尺寸", value: "512x768" },
    { key: "schedule_type", title: "调度", value: "Karras" }
  ]
}
const fullText = "1girl, (masterpiece:1.2), <lora:ink_v2:1.0>\nNegative prompt: lowres\nSteps: 20, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Size: 512x768, Seed: 1234"
const webui = (model: string, text: string) => ({
  action: "webui",
  url: `/webui?model=${encodeURIComponent(model)}&prompt_for_paste=${encodeURIComponent(text)}`,
  text
})

describe("same-style action (spec §4, docs/spec/same-style.md)", () => {
  it.each<readonly [string, string, ArtworkContent, unknown]>([
    ["SD1", "quick: draw type 1, parameters as they are", { type: "quick", parameters: quickParams }, { action: "aigc", drawType: 1, params: quickParams }],
    ["SD1", "quick_mj: draw type 2, parameters as they are", { type: "quick_mj", parameters: mjParams }, { action: "aigc", drawType: 2, params: mjParams }],
    ["SD1", "quick_mj: the prompt, the four reference lists and the version travel together", { type: "quick_mj", parameters: fullMj }, { action: "aigc", drawType: 2, params: fullMj }],
    ["SD1", "quick with empty parameters", { type: "quick", parameters: {} }, { action: "aigc", drawType: 1, params: {} }],
    ["SD2", "agent: no action", { type: "agent", parameters: { id: 7, name: "助手", head: "h.png" } }, { action: "none" }],
    ["SD3", "sd: /webui with checkpoint name and the infotext", sd(fullSd), webui("majicMIX realistic 麦橘写实", fullText)],
    ["SD3", "sd without a Checkpoint model: empty model", sd({ ...fullSd, models: [fullSd.models?.[1] ?? {}] }), webui("", fullText)],
    ["SD3", "sd with a nameless Checkpoint: empty model", sd({ ...fullSd, models: [{ type: "Checkpoint", name: null }] }), webui("", fullText.replace(", <lora:ink_v2:1.0>", ""))],
    ["SD3", "the first Checkpoint wins; type compared case-insensitively", sd({ prompt: "p", models: [{ type: "checkpoint", name: "A" }, { type: "Checkpoint", name: "B" }] }), webui("A", "p")],
    ["SD3", "sd with nothing in it", sd({}), webui("", "")],
    ["SD3", "sd with null fields", sd({ prompt: null, negative_prompt: null, models: null, args: null }), webui("", "")],
    ["SD3", "a lone surrogate becomes U+FFFD instead of throwing", sd({ prompt: "a\ud800b", models: [{ type: "Checkpoint", name: "m\udc00" }] }), webui("m\ufffd", "a\ufffdb")]
  ])("%s %s", (_rule, _name, artwork, expected) => {
    expect(sameStyle(artwork)).toEqual(expected)
  })

  it("SD1 quick parameters are the same object, not a copy", () => {
    const action = sameStyle({ type: "quick", parameters: quickParams })
    expect(action.action === "aigc" && action.params).toBe(quickParams)
  })

  it("SD3 the URL's query gives back the model and exactly the text (property)", () => {
    const anyText = fc.string({ unit: "binary", maxLength: 40 })
    const wellFormedText = fc.string({ unit: "grapheme", maxLength: 10 })
    fc.assert(
      fc.property(anyText, anyText, wellFormedText, (prompt, negative, model) => {
        const action = sameStyle(sd({ prompt, negative_prompt: negative, models: [{ type: "Checkpoint", name: model }] }))
        if (action.action !== "webui") throw new Error("sd must open /webui")
        const url = new URL(action.url, "https://mido.example")
        expect(url.pathname).toBe("/webui")
        expect([...url.searchParams.keys()]).toEqual(["model", "prompt_for_paste"])
        expect(url.searchParams.get("model")).toBe(model)
        expect(url.searchParams.get("prompt_for_paste")).toBe(action.text)
      })
    )
  })
})
