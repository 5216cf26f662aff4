import { DEFAULT_WEBUI_FORM } from "@mido/core/generation"
import { describe, expect, it } from "vitest"
import { WebuiForm } from "./WebuiForm.js"

const INFOTEXT = "a red fox, <lora:ink:0.6>\nNegative prompt: blurry\nSteps: 30, Sampler: DPM++ 2M, CFG scale: 5, Seed: 77, Size: 768x1024, Clip skip: 2"

describe("WebuiForm", () => {
  it("prefills every field from an infotext and ?model=, keeping the unknown labels (WP1–WP7)", () => {
    const form = new WebuiForm()
    form.prefill(INFOTEXT, "麦橘写实 v7")
    expect(form.values).toMatchObject({
      checkpoint: "麦橘写实 v7", prompt: "a red fox", negativePrompt: "blurry", loras: [{ name: "ink", weight: 0.6 }],
      steps: 30, sampler: "DPM++ 2M", cfgScale: 5, seed: 77, width: 768, height: 1024
    })
    expect(form.unrecognised).toEqual([{ key: "Clip skip", value: "2" }])
    expect(form.sizePreset).toBe("768x1024")
  })

  it("reads the 粘贴生成参数 box and empties it; an empty box changes nothing", () => {
    const form = new WebuiForm()
    expect(form.applyPaste()).toBe(false)
    form.setPasteText(INFOTEXT)
    expect(form.applyPaste()).toBe(true)
    expect(form.pasteText).toBe("")
    expect(form.values.seed).toBe(77)
  })

  it("counts tokens of both prompts as n/75 (WT)", () => {
    const form = new WebuiForm()
    form.set("prompt", "masterpiece, best quality")
    form.set("negativePrompt", "一只猫")
    expect(form.promptTokens).toBe("4/75")
    expect(form.negativeTokens).toBe("3/75")
  })

  it("adds, weighs (clamped to -2..2 at 0.05) and removes LoRAs; the task carries them (WF2)", () => {
    const form = new WebuiForm()
    form.addLora("ink")
    form.addLora("ink")
    form.addLora("neon")
    form.setLoraWeight("ink", 0.35000000001)
    form.setLoraWeight("neon", 9)
    expect(form.task.loras).toEqual([{ name: "ink", weight: 0.35 }, { name: "neon", weight: 2 }])
    form.removeLora("ink")
    expect(form.values.loras).toEqual([{ name: "neon", weight: 2 }])
  })

  it("custom sizes leave the presets; swap; batch count within 1–4; 🎲 sets -1", () => {
    const form = new WebuiForm()
    form.setSize(640, 960)
    expect(form.sizePreset).toBeUndefined()
    form.swapSize()
    expect([form.values.width, form.values.height]).toEqual([960, 640])
    form.setBatchCount(9)
    expect(form.values.batchCount).toBe(4)
    form.setBatchCount(0)
    expect(form.values.batchCount).toBe(1)
    form.set("seed", 5)
    form.randomSeed()
    expect(form.values.seed).toBe(-1)
  })

  it("takes the catalogue's first only for empty or untouched defaults the engine does not offer", () => {
    const form = new WebuiForm()
    form.applyDefaults({ checkpoint: "本地演示·通用", samplers: ["DPM++ 2M"], schedulers: ["Automatic"], upscalers: ["R-ESRGAN 4x+"] })
    expect(form.values).toMatchObject({ checkpoint: "本地演示·通用", sampler: "DPM++ 2M", scheduleType: "Automatic", hires: { upscaler: "R-ESRGAN 4x+" } })
    const prefilled = new WebuiForm()
    prefilled.prefill("p\nSteps: 20, Sampler: UniPC, Model: x", undefined)
    prefilled.applyDefaults({ checkpoint: "本地演示·通用", samplers: ["Euler a"], schedulers: [], upscalers: [] })
    expect(prefilled.values).toMatchObject({ checkpoint: "x", sampler: "UniPC" })
  })

  it("reset forgets everything", () => {
    const form = new WebuiForm()
    form.prefill(INFOTEXT)
    form.setPasteText("x")
    form.reset()
    expect(form.values).toBe(DEFAULT_WEBUI_FORM)
    expect(form.unrecognised).toEqual([])
    expect(form.pasteText).toBe("")
  })
})
