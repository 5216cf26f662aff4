import { artworkParametersOf, type TaskSubmit } from "@mido/core/generation"
import { describe, expect, it } from "vitest"
import { keptInfotext, submitAsDrawn } from "../src/features/generation/drawnInfotext.js"

// What a result says about how it was drawn: the engine's own infotext kept, the model that really drew recorded.

const webui = 'a cat\nNegative prompt: lowres\nSteps: 20, Sampler: DPM++ 2M, Schedule type: Automatic, CFG scale: 7, Seed: 42, Size: 64x64, Model hash: 6ce0161689, Model: v1-5-pruned-emaonly, Lora hashes: "detail_tweaker: 3c2fe2bd3f4a", Version: v1.10.1'
const mido = "a cat\nNegative prompt: lowres\nSteps: 20, Sampler: NoSuchSampler, Schedule type: Automatic, CFG scale: 7, Seed: 42, Size: 64x64, Model: no_such_model_v9, Engine: Stable Diffusion WebUI"

describe("drawn infotext", () => {
  it("keeps the engine's infotext word for word and appends only the labels it lacks", () => {
    expect(keptInfotext(webui, mido)).toBe(`${webui}, Engine: Stable Diffusion WebUI`)
  })

  it("uses Mido's infotext when the engine wrote none, or none it can read as parameters", () => {
    expect(keptInfotext(undefined, mido)).toBe(mido)
    expect(keptInfotext("just words", mido)).toBe(mido)
  })

  it("records the checkpoint, sampler and scheduler that drew, not the ones asked", () => {
    const asked = { type: "sd", prompt: "a cat", negative_prompt: "", checkpoint: "no_such_model_v9.safetensors", loras: [], sampler: "NoSuchSampler", schedule_type: "nosuch", steps: 20, cfg_scale: 7, width: 64, height: 64, seed: 42, num: 1 } as unknown as TaskSubmit
    const drawn = submitAsDrawn(asked, { checkpoint: "v1-5-pruned-emaonly.safetensors [6ce0161689]", sampler: "DPM++ 2M", scheduler: "Automatic" })
    const parameters = artworkParametersOf(drawn, { seed: 42, width: 64, height: 64, engineLabel: "Stable Diffusion WebUI" }) as unknown as { models: Array<{ name: string }>; args: Array<{ key: string; value: unknown }> }
    expect(parameters.models[0]).toMatchObject({ name: "v1-5-pruned-emaonly", files: [{ name: "v1-5-pruned-emaonly.safetensors" }] })
    expect(parameters.args.filter((arg) => arg.key === "sampler" || arg.key === "schedule_type").map((arg) => arg.value)).toEqual(["DPM++ 2M", "Automatic"])
    expect(submitAsDrawn(asked, undefined)).toBe(asked)
  })
})
