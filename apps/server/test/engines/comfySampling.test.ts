import { describe, expect, it } from "vitest"
import { comfySampling } from "../../src/adapters/engine/comfyui/comfyNames.js"
import { COMFY_SAMPLERS, COMFY_SCHEDULERS } from "../engineFakes/comfyFake.js"
import { control, engineOn, failureOf, nodesOf, request, start } from "./comfyTestKit.js"

// The WebUI's sampler and Schedule type names against what ComfyUI's KSampler takes (comfy/samplers.py),
// through the fake's "Value not in list" validation (execution.py validate_inputs).

const lists = { samplers: COMFY_SAMPLERS, schedulers: COMFY_SCHEDULERS }
const one = { ...request, loras: [], count: 1, steps: 1 }

describe("ComfyUI sampler and scheduler names", () => {
  it("every WebUI Schedule type ComfyUI has draws as its ComfyUI name, not a 400", async () => {
    const fake = await start()
    const engine = engineOn(fake)
    const drawn: Array<[string, unknown]> = []
    for (const scheduler of ["Normal", "DDIM", "KL Optimal", "Karras", "Exponential", "SGM Uniform", "Simple", "Beta"]) {
      await engine.txt2img({ ...one, scheduler }, control().run)
      drawn.push([scheduler, nodesOf(fake, "KSampler")[0]!.inputs.scheduler])
    }
    expect(drawn).toEqual([
      ["Normal", "normal"], ["DDIM", "ddim_uniform"], ["KL Optimal", "kl_optimal"], ["Karras", "karras"],
      ["Exponential", "exponential"], ["SGM Uniform", "sgm_uniform"], ["Simple", "simple"], ["Beta", "beta"]
    ])
  })

  it("an older combined name (DPM++ 2M Karras) is split into sampler and scheduler", async () => {
    const fake = await start()
    await engineOn(fake).txt2img({ ...one, sampler: "DPM++ 2M Karras", scheduler: "Automatic" }, control().run)
    expect(nodesOf(fake, "KSampler")[0]!.inputs).toMatchObject({ sampler_name: "dpmpp_2m", scheduler: "karras" })
  })

  it("Automatic is the sampler's own default schedule, as on the WebUI (A1111 sd_samplers_kdiffusion.py)", async () => {
    const fake = await start()
    const engine = engineOn(fake)
    const chosen: Array<unknown> = []
    for (const sampler of ["DPM++ 2M", "DPM++ 2M SDE", "Euler a", "DDIM"]) {
      await engine.txt2img({ ...one, sampler, scheduler: "Automatic" }, control().run)
      chosen.push(nodesOf(fake, "KSampler")[0]!.inputs.scheduler)
    }
    expect(chosen).toEqual(["karras", "exponential", "normal", "ddim_uniform"])
  })

  it("a schedule ComfyUI's KSampler lacks is refused in Chinese before anything is queued", async () => {
    const fake = await start()
    const error = await failureOf(engineOn(fake).txt2img({ ...one, scheduler: "Align Your Steps" }, control().run))
    expect([error.kind, error.reason]).toEqual(["rejected", "参数不被引擎接受: Align Your Steps 在 ComfyUI 中是单独的节点，KSampler 不支持"])
    const unknown = await failureOf(engineOn(fake).txt2img({ ...one, sampler: "NoSuchSampler-xyz" }, control().run))
    expect(unknown.reason).toBe("参数不被引擎接受: ComfyUI 不认识采样器「NoSuchSampler-xyz」")
    expect(fake.requests.some((each) => each.path === "/prompt")).toBe(false)
  })

  it("every sampler and schedule the catalogue offers draws (the catalogue is exactly what the adapter maps)", async () => {
    const fake = await start(0)
    const engine = engineOn(fake)
    const catalog = await engine.catalog()
    for (const sampler of catalog.samplers) await engine.txt2img({ ...one, sampler, scheduler: "Automatic" }, control().run)
    for (const scheduler of catalog.schedulers) await engine.txt2img({ ...one, sampler: "Euler", scheduler }, control().run)
    expect(fake.promptIds()).toHaveLength(catalog.samplers.length + catalog.schedulers.length)
  })

  it("maps against the lists ComfyUI gives: a name it lacks is refused, its own names pass", () => {
    expect(comfySampling("dpmpp_2m_sde_gpu", "linear_quadratic", lists)).toEqual({ sampler_name: "dpmpp_2m_sde_gpu", scheduler: "linear_quadratic" })
    expect(comfySampling(undefined, undefined, lists)).toEqual({ sampler_name: "euler", scheduler: "normal" })
    expect(() => comfySampling("DPM++ 2M Karras", "Exponential", lists)).toThrow("已含调度类型")
    expect(() => comfySampling("UniPC", "Automatic", { ...lists, samplers: ["euler"] })).toThrow("这台 ComfyUI 没有采样器「UniPC」（uni_pc）")
    expect(() => comfySampling("Euler", "KL Optimal", { ...lists, schedulers: ["normal"] })).toThrow("这台 ComfyUI 没有调度类型「KL Optimal」（kl_optimal）")
  })
})
