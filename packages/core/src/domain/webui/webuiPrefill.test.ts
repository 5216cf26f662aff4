import { describe, expect, it } from "vitest"
import { sdPasteText } from "../artwork/sdPasteText.js"
import { engineLimitsOf } from "../generation/engineLimits.js"
import { parseInfotext } from "../infotext/parseInfotext.js"
import { liftLoraTags, type PromptWithLoras } from "./promptLoras.js"
import { DEFAULT_WEBUI_FORM, formOfSdTask, sdTaskOfForm, type WebuiForm } from "./webuiForm.js"
import { prefillWebuiForm, type UnrecognisedParam } from "./webuiPrefill.js"
import { webuiFormProblem } from "./webuiProblem.js"

const BASE: WebuiForm = { ...DEFAULT_WEBUI_FORM, checkpoint: "本地演示·通用", sampler: "DPM++ 2M", seed: 42, hires: { ...DEFAULT_WEBUI_FORM.hires, enabled: true } }
const prefill = (text: string, model?: string) => prefillWebuiForm(parseInfotext(text), BASE, model)

describe("LoRA tags lifted out of the prompt (docs/spec/webui.md, WP2)", () => {
  it.each<readonly [string, string, string, PromptWithLoras]>([
    ["WP2", "a tag at the end", "cat, <lora:ink_v2:0.8>", { prompt: "cat", loras: [{ name: "ink_v2", weight: 0.8 }] }],
    ["WP2", "a tag in the middle leaves one comma", "cat, <lora:a:1>, dog", { prompt: "cat, dog", loras: [{ name: "a", weight: 1 }] }],
    ["WP2", "a tag without a weight weighs 1", "<lora:a> cat", { prompt: "cat", loras: [{ name: "a", weight: 1 }] }],
    ["WP2", "a weight outside -2..2 is clamped", "cat <lora:a:3.5> <lora:b:-7>", { prompt: "cat", loras: [{ name: "a", weight: 2 }, { name: "b", weight: -2 }] }],
    ["WP2", "a weight that is not a number stays in the prompt", "cat <lora:a:strong>", { prompt: "cat <lora:a:strong>", loras: [] }],
    ["WP2", "a name met twice keeps its first weight", "<lora:a:0.5>, <lora:a:0.9>, cat", { prompt: "cat", loras: [{ name: "a", weight: 0.5 }] }],
    ["WP2", "Chinese names and lines are kept", "水墨山水,\n<lora:油纸伞:0.7>", { prompt: "水墨山水", loras: [{ name: "油纸伞", weight: 0.7 }] }],
    ["WP2", "no tag: the prompt is untouched", "  cat ,, dog ", { prompt: "  cat ,, dog ", loras: [] }]
  ])("%s %s", (_rule, _name, prompt, expected) => {
    expect(liftLoraTags(prompt)).toEqual(expected)
  })
})

interface Row {
  readonly form?: Partial<WebuiForm>
  readonly unrecognised?: ReadonlyArray<UnrecognisedParam>
}

describe("prefill of /webui from an infotext (docs/spec/webui.md, WP)", () => {
  it.each<readonly [string, string, string, string | undefined, Row]>([
    ["WP1", "prompt and negative prompt replace the form's", "a cat\nNegative prompt: blurry\nSteps: 30, Seed: 7, Size: 512x768", undefined,
      { form: { prompt: "a cat", negativePrompt: "blurry", steps: 30, seed: 7, width: 512, height: 768 } }],
    ["WP1", "a text without parameters only sets the prompts", "just words", undefined, { form: { prompt: "just words", negativePrompt: "" } }],
    ["WP2", "LoRA tags become LoRA rows", "cat, <lora:ink:0.6>\nSteps: 20, Seed: 1, Size: 512x512", undefined,
      { form: { prompt: "cat", loras: [{ name: "ink", weight: 0.6 }] } }],
    ["WP3", "every WebUI setting is read", "p\nSteps: 28, Sampler: Euler a, Schedule type: Karras, CFG scale: 6.5, Seed: 123456, Size: 768x1024, Model: 国风水墨 v3, Batch size: 3", undefined,
      { form: { steps: 28, sampler: "Euler a", scheduleType: "Karras", cfgScale: 6.5, seed: 123456, width: 768, height: 1024, checkpoint: "国风水墨 v3", batchCount: 3, hires: { ...BASE.hires, enabled: false } } }],
    ["WP3", "out-of-range numbers are kept for validation to name", "p\nSteps: 500, CFG scale: 99, Size: 100x100", undefined,
      { form: { steps: 500, cfgScale: 99, width: 100, height: 100 } }],
    ["WP4", "Hires upscale switches hires fix on with its settings", "p\nSteps: 20, Denoising strength: 0.45, Hires upscale: 1.5, Hires steps: 10, Hires upscaler: Lanczos", undefined,
      { form: { hires: { enabled: true, scale: 1.5, steps: 10, upscaler: "Lanczos", denoising: 0.45 } } }],
    ["WP4", "without Hires upscale hires fix is off and Denoising strength is not ours", "p\nSteps: 20, Denoising strength: 0.45, Seed: 1", undefined,
      { form: { hires: { ...BASE.hires, enabled: false } }, unrecognised: [{ key: "Denoising strength", value: "0.45" }] }],
    ["WP5", "an old sampler name carries its scheduler", "p\nSteps: 20, Sampler: DPM++ 2M Karras, Seed: 1", undefined,
      { form: { sampler: "DPM++ 2M", scheduleType: "Karras" } }],
    ["WP5", "a Schedule type written wins over the suffix", "p\nSampler: DPM++ 2M Karras, Schedule type: Automatic, Seed: 1", undefined,
      { form: { sampler: "DPM++ 2M Karras", scheduleType: "Automatic" } }],
    ["WP6", "unknown labels are kept in order", "p\nSteps: 20, Clip skip: 2, VAE: vae-ft-mse, ADetailer model: face_yolov8n.pt", undefined,
      { unrecognised: [{ key: "Clip skip", value: "2" }, { key: "VAE", value: "vae-ft-mse" }, { key: "ADetailer model", value: "face_yolov8n.pt" }] }],
    ["WP6", "a known label with an unreadable value is kept", "p\nSteps: many, Size: big, Seed: 1.5", undefined,
      { unrecognised: [{ key: "Steps", value: "many" }, { key: "Size", value: "big" }, { key: "Seed", value: "1.5" }] }],
    ["WP6", "the engine and model hash are informational", "p\nSteps: 20, Model hash: abc123, Engine: 本地演示引擎", undefined, { form: { steps: 20 }, unrecognised: [] }],
    ["WP7", "?model= names the checkpoint over the text's Model", "p\nSteps: 20, Model: a, Seed: 1", "麦橘写实 v7", { form: { checkpoint: "麦橘写实 v7" } }],
    ["WP7", "an empty ?model= changes nothing", "p\nSteps: 20, Seed: 1, Size: 512x512", " ", { form: { checkpoint: BASE.checkpoint } }],
    ["WP8", "fields the text does not name keep their values", "p\nSteps: 9, Seed: 1, Size: 512x512", undefined,
      { form: { sampler: BASE.sampler, cfgScale: BASE.cfgScale, checkpoint: BASE.checkpoint, batchCount: BASE.batchCount } }]
  ])("%s %s", (_rule, _name, text, model, expected) => {
    const result = prefill(text, model)
    expect(result.form).toMatchObject(expected.form ?? {})
    if (expected.unrecognised !== undefined) expect(result.unrecognised).toEqual(expected.unrecognised)
  })

  it("WP1–WP7 same-style's text and model fill every field of an sd artwork", () => {
    const text = sdPasteText({
      prompt: "masterpiece, 山水",
      negative_prompt: "lowres",
      models: [{ type: "Checkpoint", name: "国风水墨 v3", files: [{ name: "guofeng_ink_v3.safetensors" }] }, { type: "LoRA", name: "油纸伞", files: [{ name: "oilpaper_umbrella.safetensors" }] }],
      args: [
        { key: "steps", title: "Steps", value: 28 }, { key: "sampler", title: "Sampler", value: "DPM++ 2M" }, { key: "schedule_type", title: "Schedule type", value: "Karras" },
        { key: "cfg_scale", title: "CFG scale", value: 6 }, { key: "size", title: "Size", value: "768x1024" }, { key: "seed", title: "Seed", value: 99 }
      ]
    })
    const { form, unrecognised } = prefillWebuiForm(parseInfotext(text), DEFAULT_WEBUI_FORM, "国风水墨 v3")
    expect(form).toEqual({
      ...DEFAULT_WEBUI_FORM,
      checkpoint: "国风水墨 v3", prompt: "masterpiece, 山水", negativePrompt: "lowres", loras: [{ name: "oilpaper_umbrella", weight: 1 }],
      sampler: "DPM++ 2M", scheduleType: "Karras", steps: 28, cfgScale: 6, width: 768, height: 1024, seed: 99
    })
    expect(unrecognised).toEqual([])
  })
})

describe("the task the form submits (docs/spec/webui.md, WF)", () => {
  it("WF1 every field goes to its task field", () => {
    expect(sdTaskOfForm({ ...BASE, prompt: "p", negativePrompt: "n", batchCount: 3, hires: { ...BASE.hires, enabled: false } })).toEqual({
      type: "sd", prompt: "p", negative_prompt: "n", checkpoint: BASE.checkpoint, loras: [], sampler: "DPM++ 2M", schedule_type: "Automatic",
      steps: 20, cfg_scale: 7, width: 512, height: 512, seed: 42, num: 3
    })
  })
  it("WF2 LoRA weights are sent to the slider's step", () => {
    expect(sdTaskOfForm({ ...BASE, loras: [{ name: "a", weight: 0.1 + 0.2 }] }).loras).toEqual([{ name: "a", weight: 0.3 }])
  })
  it("WF6 a task's settings give back the form that made it, seed included", () => {
    const form: WebuiForm = { ...BASE, prompt: "p", negativePrompt: "n", loras: [{ name: "a", weight: 0.5 }], seed: 123, batchCount: 2 }
    expect(formOfSdTask(sdTaskOfForm(form), DEFAULT_WEBUI_FORM)).toEqual(form)
    const off = { ...form, hires: { ...BASE.hires, enabled: false, scale: 3 } }
    expect(formOfSdTask(sdTaskOfForm(off), off)).toEqual(off)
  })
  it("WF3 hires fix is sent only when switched on", () => {
    expect(sdTaskOfForm(BASE).hires).toEqual({ scale: 2, upscaler: "Lanczos", steps: 0, denoising: 0.7 })
    expect(sdTaskOfForm({ ...BASE, hires: { ...BASE.hires, enabled: false } })).not.toHaveProperty("hires")
  })
})

describe("what stops the form (docs/spec/webui.md, WF4–WF5)", () => {
  const limits = engineLimitsOf("offline")
  const ready: WebuiForm = { ...BASE, prompt: "cat" }
  it.each<readonly [string, string, Partial<WebuiForm>, string | undefined]>([
    ["WF4", "a ready form", {}, undefined],
    ["WF4", "no checkpoint", { checkpoint: " " }, "请选择模型"],
    ["WF4", "no prompt", { prompt: "  " }, "请输入提示词"],
    ["WF4", "an empty steps box", { steps: Number.NaN }, "迭代步数需为整数"],
    ["WF4", "a fractional width", { width: 512.5 }, "宽度需为整数"],
    ["WF4", "a seed below -1", { seed: -2 }, "随机种子需为 -1 或 0 到 4294967295"],
    ["WF4", "an empty CFG box", { cfgScale: Number.NaN }, "请填写提示词引导系数"],
    ["WF4", "hires steps not whole", { hires: { ...BASE.hires, steps: 1.5 } }, "高清修复步数需为整数"],
    ["WF4", "hires denoising above 1", { hires: { ...BASE.hires, denoising: 1.2 } }, "重绘幅度需在 0 到 1 之间"],
    ["WF4", "switched-off hires is not checked", { hires: { ...BASE.hires, enabled: false, steps: 1.5 } }, undefined],
    ["WF5", "a width not a multiple of 8 (GV4)", { width: 500 }, "宽度需为 8 的倍数"],
    ["WF5", "a height out of range (GV4)", { height: 4096 }, "高度需在 64 到 2048 之间"],
    ["WF5", "too many steps (GV6)", { steps: 151 }, "迭代步数需在 1 到 150 之间"],
    ["WF5", "six LoRAs (GV8)", { loras: ["a", "b", "c", "d", "e", "f"].map((name) => ({ name, weight: 1 })) }, "最多添加 5 个 LoRA"],
    ["WF5", "hires past 4096 (GV9)", { width: 2048, height: 2048, hires: { ...BASE.hires, scale: 2.5 } }, "高清修复后的尺寸超出引擎上限 4096×4096"]
  ])("%s %s", (_rule, _name, change, message) => {
    expect(webuiFormProblem({ ...ready, ...change }, limits)?.message).toBe(message)
  })
})
