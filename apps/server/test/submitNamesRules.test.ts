import type { SdSubmit } from "@mido/core/generation"
import { describe, expect, it } from "vitest"
import type { EngineCatalogList, EngineKind } from "../src/adapters/engine/imageEnginePort.js"
import { nameKey, unknownNameOf } from "../src/features/generation/submitNames.js"

/** The name rules alone (ADR 0014): how a requested name meets the engine's spelling of it. */
const sd = (extra: Partial<SdSubmit>): SdSubmit => ({
  type: "sd", prompt: "a cat", negative_prompt: "", checkpoint: "sdxl_base.safetensors", loras: [], sampler: "Euler a", schedule_type: "Automatic",
  steps: 20, cfg_scale: 7, width: 512, height: 512, seed: 1, num: 1, ...extra
})
const offered = (engineKind: EngineKind, catalog: Partial<EngineCatalogList>) => ({
  engineKind,
  catalog: { checkpoints: ["sdxl_base.safetensors"], loras: [], samplers: [], schedulers: [], upscalers: [], ...catalog },
  mjVersions: [],
  quickStyles: []
})

describe("names as engines spell them", () => {
  it.each([
    ["sdxl_base.safetensors [31e35c80fc]", "sdxl_base"],
    ["SDXL/base_v1.ckpt", "sdxl/base_v1"],
    ["oilpaper_umbrella.safetensors", "oilpaper_umbrella"]
  ])("%s has the key %s (no hash, no extension)", (name, key) => {
    expect(nameKey(name)).toBe(key)
  })

  it("ComfyUI lists its own spellings; the WebUI's (which its adapter translates) pass, unknown ones do not", () => {
    const comfy = offered("comfyui", { samplers: ["euler_ancestral", "dpmpp_2m", "dpm_2_ancestral", "uni_pc"], schedulers: ["normal", "karras", "sgm_uniform"] })
    for (const [sampler, schedule] of [["Euler a", "Karras"], ["DPM++ 2M", "SGM Uniform"], ["DPM2 a", "Automatic"], ["UniPC", "karras"], ["euler_ancestral", "normal"]]) {
      expect(unknownNameOf(sd({ sampler: sampler!, schedule_type: schedule! }), comfy), `${sampler} ${schedule}`).toBeUndefined()
    }
    expect(unknownNameOf(sd({ sampler: "NoSuchSampler-xyz" }), comfy)?.field).toBe("sampler")
    expect(unknownNameOf(sd({ schedule_type: "KL Optimal" }), comfy)?.message).toBe("调度类型「KL Optimal」不存在，请重新选择")
  })

  it("the WebUI gets exactly its own sampler names (it would silently fall back on another spelling)", () => {
    const webui = offered("a1111", { samplers: ["Euler a"], schedulers: ["Automatic", "Karras"] })
    expect(unknownNameOf(sd({ sampler: "euler_ancestral" }), webui)?.field).toBe("sampler")
    expect(unknownNameOf(sd({ sampler: "Euler a", schedule_type: "Karras" }), webui)).toBeUndefined()
  })
})
