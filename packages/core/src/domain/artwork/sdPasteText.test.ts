import { describe, expect, it } from "vitest"
import type { SdArg, SdModel } from "./Artwork.js"
import { appendLoraTags, loraTagName, sdPasteText } from "./sdPasteText.js"

const lora = (fileName: string | null, type = "LoRA"): SdModel => ({ type, name: "display", files: [{ name: fileName }] })
const arg = (key: string, value: SdArg["value"]): SdArg => ({ key, title: key, value })

describe("the text an sd artwork pastes into WebUI (docs/spec/same-style.md)", () => {
  it.each<readonly [string, string, string, ReadonlyArray<SdModel>, string]>([
    ["SD4", "one LoRA appended with weight 1.0", "cat", [lora("ink.safetensors")], "cat, <lora:ink:1.0>"],
    ["SD4", "each LoRA in model order", "cat", [lora("a.pt"), lora("b.ckpt")], "cat, <lora:a:1.0>, <lora:b:1.0>"],
    ["SD4", "only the last extension goes", "cat", [lora("ink.v2.safetensors")], "cat, <lora:ink.v2:1.0>"],
    ["SD4", "folders are dropped", "cat", [lora("styles\\sub/ink.safetensors")], "cat, <lora:ink:1.0>"],
    ["SD4", "a name without extension stays", "cat", [lora("ink")], "cat, <lora:ink:1.0>"],
    ["SD4", "already in the prompt with another weight: not added", "cat <lora:ink:0.6>", [lora("ink.safetensors")], "cat <lora:ink:0.6>"],
    ["SD4", "a longer name holding it is not the same tag", "cat <lora:ink2:0.6>", [lora("ink.safetensors")], "cat <lora:ink2:0.6>, <lora:ink:1.0>"],
    ["SD4", "the same LoRA twice is added once", "cat", [lora("ink.safetensors"), lora("ink.pt")], "cat, <lora:ink:1.0>"],
    ["SD4", "an empty prompt gets the tag alone", "", [lora("ink.safetensors")], "<lora:ink:1.0>"],
    ["SD4", "a prompt ending in a comma gets a space", "cat,", [lora("ink.safetensors")], "cat, <lora:ink:1.0>"],
    ["SD4", "trailing blank lines do not push the tag down", "cat\n\n  ", [lora("ink.safetensors")], "cat, <lora:ink:1.0>"],
    ["SD4", "type compared case-insensitively", "cat", [lora("ink.safetensors", "lora")], "cat, <lora:ink:1.0>"],
    ["SD4", "Checkpoint models are not tags", "cat", [lora("base.safetensors", "Checkpoint")], "cat"],
    ["SD4", "a LoRA without files is skipped", "cat", [{ type: "LoRA", name: "x" }, { type: "LoRA", files: [] }, lora(null)], "cat"],
    ["SD4", "a name that cannot live in a tag is skipped", "cat", [lora("a:b.pt"), lora("a<b>.pt"), lora("  .pt")], "cat"]
  ])("%s %s", (_rule, _name, prompt, models, expected) => {
    expect(appendLoraTags(prompt, models)).toBe(expected)
  })

  it.each([
    ["SD4", "no file name", { type: "LoRA" }, undefined],
    ["SD4", "dotfile keeps its name", lora(".hidden"), ".hidden"],
    ["SD4", "spaces around are trimmed", lora(" ink .pt"), "ink"]
  ] as const)("%s loraTagName: %s", (_rule, _name, model, expected) => {
    expect(loraTagName(model)).toBe(expected)
  })

  const all = [arg("steps", 20), arg("sampler", "Euler a"), arg("schedule_type", "Karras"), arg("cfg_scale", 7.5), arg("size", "512x768"), arg("seed", -1)]
  it.each<readonly [string, string, ReadonlyArray<SdArg>, string]>([
    ["SD5", "all six in WebUI order", [...all].reverse(), "p\nSteps: 20, Sampler: Euler a, Schedule type: Karras, CFG scale: 7.5, Size: 512x768, Seed: -1"],
    ["SD5", "missing ones skipped", [arg("seed", 1), arg("steps", 2), arg("size", "1x1")], "p\nSteps: 2, Size: 1x1, Seed: 1"],
    ["SD5", "null, absent and empty values count as missing", [arg("steps", null), { key: "sampler" }, arg("seed", ""), arg("size", "1x1"), arg("cfg_scale", 0), arg("schedule_type", false)], "p\nSchedule type: false, CFG scale: 0, Size: 1x1"],
    ["SD5", "unknown keys and titles are ignored", [arg("clip_skip", 2), { key: "steps", title: "Sampler", value: 3 }, arg("seed", 1), arg("size", "1x1")], "p\nSteps: 3, Size: 1x1, Seed: 1"],
    ["SD5", "the first of a repeated key wins", [arg("steps", 1), arg("steps", 2), arg("seed", 3), arg("size", "4")], "p\nSteps: 1, Size: 4, Seed: 3"],
    ["SD6", "a value with a comma is quoted", [arg("sampler", "DPM++ 2M, Karras"), arg("seed", 1), arg("size", "1x1")], 'p\nSampler: "DPM++ 2M, Karras", Size: 1x1, Seed: 1'],
    ["SD8", "fewer than 3 arguments: no parameter line", [arg("steps", 20), arg("seed", 1)], "p"]
  ])("%s %s", (_rule, _name, args, expected) => {
    expect(sdPasteText({ prompt: "p", args })).toBe(expected)
  })

  it("SD5 the whole text of a typical artwork", () => {
    expect(sdPasteText({ prompt: " 少女, 樱花\n", negative_prompt: "模糊", models: [lora("sakura.safetensors")], args: all })).toBe(
      "少女, 樱花, <lora:sakura:1.0>\nNegative prompt: 模糊\nSteps: 20, Sampler: Euler a, Schedule type: Karras, CFG scale: 7.5, Size: 512x768, Seed: -1"
    )
  })
})
