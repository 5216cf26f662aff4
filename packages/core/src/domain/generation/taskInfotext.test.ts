import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { TaskSubmit } from "../../api/schemas/TaskSubmit.js"
import { parseInfotext } from "../infotext/parseInfotext.js"
import { infotextOfTask } from "./taskInfotext.js"

const decode = Schema.decodeUnknownSync(TaskSubmit)
const made = { seed: 987654321, width: 768, height: 1024, engineLabel: "本地演示引擎" }

describe("GI infotext of a task's images", () => {
  it("GI1 sd: parses back into the same parameters, LoRA tags in the prompt", () => {
    const task = decode({
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
      num: 1
    })
    const parsed = parseInfotext(infotextOfTask(task, made))
    expect(parsed.prompt).toBe("a cat, masterpiece, <lora:ink_v2:0.8>")
    expect(parsed.negativePrompt).toBe("blurry, lowres")
    expect(parsed.params).toEqual({
      Steps: "28",
      Sampler: "DPM++ 2M",
      "Schedule type": "Karras",
      "CFG scale": "6.5",
      Seed: "987654321",
      Size: "768x1024",
      Model: "sd_xl_base_1.0",
      Engine: "本地演示引擎"
    })
  })

  it("GI2 a quick task without a prompt still has a parameter line", () => {
    const parsed = parseInfotext(infotextOfTask(decode({ type: "quick", num: 1, style_group: "default", style_name: "水彩" }), made))
    expect(parsed).toEqual({ prompt: "", negativePrompt: "", params: { Size: "768x1024", Seed: "987654321", Model: "本地演示引擎", Style: "水彩" } })
  })
})
