import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { loadWorkflowTemplates, type WorkflowTemplates } from "../../src/adapters/engine/comfyui/templates/workflowTemplates.js"
import { readEngineConfig } from "../../src/adapters/engine/engineConfig.js"
import { fakePng } from "../engineFakes/fakePng.js"
import { control, engineOn, failureOf, nodesOf, request, start } from "./comfyTestKit.js"

// Operator-supplied ComfyUI workflow templates (ADR 0015): the examples shipped in apps/server/comfyui-workflows
// load, fill and draw through the fake; a broken directory stops the start naming the file and placeholder.

const shipped = fileURLToPath(new URL("../../comfyui-workflows", import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), "mido-comfy-templates-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const loadShipped = (): WorkflowTemplates => {
  const loaded = loadWorkflowTemplates(shipped)
  expect(loaded.problems).toEqual([])
  return loaded.templates!
}
/** A template directory with these files (objects written as JSON). */
const withDir = (name: string, files: Record<string, unknown>) => {
  const dir = join(scratch, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir)
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), typeof content === "string" ? content : JSON.stringify(content))
  return dir
}

const fluxRequest = { ...request, checkpoint: "flux1-dev-fp8.safetensors", loras: [{ name: "flux_realism_lora.safetensors", weight: 0.8 }], sampler: "Euler", scheduler: "Simple", cfgScale: 3.5 }

describe("ComfyUI workflow templates", () => {
  it("a Flux checkpoint draws with the Flux template: guidance from CFG, a LoRA chain, one seeded copy per image", async () => {
    const fake = await start()
    const result = await engineOn(fake, { templates: loadShipped() }).txt2img(fluxRequest, control().run)
    expect(JSON.stringify(fake.lastGraph())).not.toContain("{{")
    expect(nodesOf(fake, "FluxGuidance").map((node) => node.inputs.guidance)).toEqual([3.5, 3.5])
    expect(nodesOf(fake, "KSampler").map((node) => [node.inputs.seed, node.inputs.cfg, node.inputs.sampler_name, node.inputs.scheduler])).toEqual([
      [42, 1, "euler", "simple"],
      [43, 1, "euler", "simple"]
    ])
    expect(nodesOf(fake, "LoraLoader").map((node) => [node.inputs.lora_name, node.inputs.strength_model])).toEqual([
      ["flux_realism_lora.safetensors", 0.8],
      ["flux_realism_lora.safetensors", 0.8]
    ])
    expect(nodesOf(fake, "EmptySD3LatentImage")[0]!.inputs).toEqual({ width: 96, height: 64, batch_size: 1 })
    expect(result.images.map((image) => [image.width, image.height, image.seed])).toEqual([[96, 64, 42], [96, 64, 43]])
  })

  it("an SDXL checkpoint draws with the SDXL template; SD3 with its own; an SD1.5 one keeps the built-in graph", async () => {
    const fake = await start()
    const engine = engineOn(fake, { templates: loadShipped() })
    await engine.txt2img({ ...request, count: 1 }, control().run)
    expect(nodesOf(fake, "CLIPTextEncodeSDXL").map((node) => [node.inputs.text_g, node.inputs.target_width])).toEqual([["一只猫, masterpiece", 96], ["lowres", 96]])
    expect(nodesOf(fake, "LoraLoader")[0]!.inputs).toMatchObject({ lora_name: "detail_tweaker.safetensors", strength_clip: 0.7 })
    await engine.txt2img({ ...request, loras: [], count: 1, checkpoint: "sd3.5_medium_incl_clips_t5xxlfp8scaled.safetensors" }, control().run)
    expect(nodesOf(fake, "ModelSamplingSD3")).toHaveLength(1)
    await engine.txt2img({ ...request, count: 1, checkpoint: "v1-5-pruned-emaonly.safetensors" }, control().run)
    expect(nodesOf(fake, "CLIPTextEncodeSDXL")).toHaveLength(0)
    expect(nodesOf(fake, "CLIPTextEncode")).toHaveLength(2)
  })

  it("a family without the recipe asked: SDXL img2img falls back to the built-in graph, Flux img2img is refused before any upload", async () => {
    const fake = await start()
    const engine = engineOn(fake, { templates: loadShipped() })
    const init = await fakePng("init", 64, 64)
    await engine.img2img({ ...request, count: 1, init, denoisingStrength: 0.5 }, control().run)
    expect(nodesOf(fake, "VAEEncode")).toHaveLength(1)
    const uploads = fake.requests.filter((each) => each.path === "/upload/image").length
    const refused = await failureOf(engine.img2img({ ...fluxRequest, count: 1, init, denoisingStrength: 0.5 }, control().run))
    expect([refused.kind, refused.reason]).toEqual(["rejected", "该模型（flux）没有图生图的工作流模板，请换一个模型"])
    expect(fake.requests.filter((each) => each.path === "/upload/image").length).toBe(uploads)
  })

  it("LoRAs asked of a template without a {{loras}} node, or a hires fix, are refused, not silently dropped", async () => {
    const graph = JSON.parse(readFileSync(join(shipped, "flux-dev-txt2img.json"), "utf8")) as Record<string, { class_type: string; inputs: Record<string, unknown> }>
    delete graph["31"]
    graph["6"]!.inputs.clip = ["30", 1]
    graph["3"]!.inputs.model = ["30", 0]
    const dir = withDir("no-loras", { "mido-workflows.json": { families: [{ name: "flux", checkpoints: ["flux1-*"], txt2img: "flux.json" }] }, "flux.json": graph })
    const fake = await start()
    const engine = engineOn(fake, { templates: loadWorkflowTemplates(dir).templates! })
    const error = await failureOf(engine.txt2img(fluxRequest, control().run))
    expect(error.reason).toBe("参数不被引擎接受: 该模型的工作流模板不支持 LoRA，请去掉 LoRA 再试")
    const hires = await failureOf(engine.txt2img({ ...fluxRequest, loras: [], hires: { scale: 2, upscaler: "Latent", steps: 0, denoising: 0.5 } }, control().run))
    expect(hires.reason).toBe("该模型的工作流模板不支持高清修复，请关闭高清修复再试")
    await engine.txt2img({ ...fluxRequest, loras: [], count: 1 }, control().run)
    expect(nodesOf(fake, "CheckpointLoaderSimple")[0]!.inputs.ckpt_name).toBe("flux1-dev-fp8.safetensors")
  })

  it("an img2img template gets the uploaded image's name and the denoising strength", async () => {
    const graph = {
      "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "{{checkpoint}}" } },
      "6": { class_type: "CLIPTextEncode", inputs: { text: "{{prompt}}", clip: ["4", 1] } },
      "7": { class_type: "CLIPTextEncode", inputs: { text: "{{negative}}", clip: ["4", 1] } },
      "11": { class_type: "LoadImage", inputs: { image: "{{image}}" } },
      "12": { class_type: "VAEEncode", inputs: { pixels: ["11", 0], vae: ["4", 2] } },
      "3": { class_type: "KSampler", inputs: { seed: "{{seed}}", steps: "{{steps}}", cfg: "{{cfg}}", sampler_name: "{{sampler}}", scheduler: "{{scheduler}}", denoise: "{{denoise}}", model: ["4", 0], positive: ["6", 0], negative: ["7", 0], latent_image: ["12", 0] } },
      "8": { class_type: "VAEDecode", inputs: { samples: ["3", 0], vae: ["4", 2] } },
      "9": { class_type: "SaveImage", inputs: { images: ["8", 0], filename_prefix: "mido-i2i" } }
    }
    const dir = withDir("img2img", { "mido-workflows.json": { families: [{ name: "sd15", checkpoints: ["v1-5-*"], img2img: "i2i.json" }] }, "i2i.json": graph })
    const fake = await start()
    const engine = engineOn(fake, { templates: loadWorkflowTemplates(dir).templates! })
    const init = await fakePng("init", 48, 40)
    const result = await engine.img2img({ ...request, loras: [], count: 1, checkpoint: "v1-5-pruned-emaonly.safetensors", init, denoisingStrength: 0.45 }, control().run)
    const uploaded = fake.requests.find((each) => each.path === "/upload/image")!
    expect(nodesOf(fake, "LoadImage")[0]!.inputs.image).toMatch(/^mido-.*\.png$/)
    expect(uploaded.form?.image).toBe(init.length)
    expect(nodesOf(fake, "KSampler")[0]!.inputs.denoise).toBe(0.45)
    expect([result.images[0]!.width, result.images[0]!.height]).toEqual([48, 40])
  })

  it("a broken template directory stops the start, naming each file and placeholder", () => {
    const good = { "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "{{checkpoint}}" } }, "9": { class_type: "SaveImage", inputs: { images: ["4", 0] } } }
    const dir = withDir("broken", {
      "mido-workflows.json": {
        families: [
          { name: "a", checkpoints: ["a*"], txt2img: "typo.json" },
          { name: "b", checkpoints: ["b*"], txt2img: "ui.json", img2img: "missing.json" },
          { name: "c", checkpoints: [], txt2img: "typo.json", refiner: "x.json" }
        ]
      },
      "typo.json": { ...good, "6": { class_type: "CLIPTextEncode", inputs: { text: "best quality, {{promt}}", clip: ["4", 1] } }, "3": { class_type: "KSampler", inputs: { seed: "{{seed}}", model: ["99", 0] } } },
      "ui.json": { nodes: [], links: [] }
    })
    const env = { MIDO_ENGINE_SD: "comfyui", MIDO_COMFYUI_URL: "http://127.0.0.1:8188", MIDO_COMFYUI_WORKFLOWS: dir }
    const message = (() => {
      try {
        readEngineConfig(env)
      } catch (error) {
        return (error as Error).message
      }
      return ""
    })()
    expect(message).toContain("typo.json: node 6 (CLIPTextEncode) input text has the placeholder {{promt}}, which Mido does not fill")
    expect(message).toContain("typo.json: node 3 (KSampler) input model links to node 99, which the file does not have")
    expect(message).toContain("typo.json: a txt2img template needs the placeholder {{prompt}}")
    expect(message).toContain('ui.json: this is ComfyUI\'s UI format (it has "nodes"): export the workflow with "Export (API)" instead')
    expect(message).toContain("missing.json: cannot be read (ENOENT)")
    expect(message).toContain('mido-workflows.json family 3 (c): "checkpoints" must list at least one file name pattern')
    expect(message).toContain('mido-workflows.json family 3 (c): unknown key "refiner"')
    expect(() => readEngineConfig({ ...env, MIDO_COMFYUI_WORKFLOWS: join(scratch, "nowhere") })).toThrow("mido-workflows.json: cannot be read (ENOENT)")
  })

  it("the configuration carries the shipped templates and the proxy's credentials to the adapter", () => {
    const base = { MIDO_ENGINE_SD: "comfyui", MIDO_COMFYUI_URL: "http://127.0.0.1:8188" }
    const config = readEngineConfig({ ...base, MIDO_COMFYUI_WORKFLOWS: shipped, MIDO_COMFYUI_TOKEN: "s3cret" })
    expect(config.comfyui?.templates?.families).toEqual(["flux", "sd3", "sdxl"])
    expect(config.comfyui?.headers).toEqual({ authorization: "Bearer s3cret" })
    expect(readEngineConfig({ ...base, MIDO_COMFYUI_AUTH_HEADER: "X-Api-Key: k-123" }).comfyui?.headers).toEqual({ "x-api-key": "k-123" })
    expect(() => readEngineConfig({ ...base, MIDO_COMFYUI_AUTH_HEADER: "k-123" })).toThrow('MIDO_COMFYUI_AUTH_HEADER must be "Header-Name: value"')
    expect(() => readEngineConfig({ ...base, MIDO_COMFYUI_AUTH_HEADER: "X-Api-Key: k", MIDO_COMFYUI_TOKEN: "t" })).toThrow("MIDO_COMFYUI_TOKEN and MIDO_COMFYUI_AUTH_HEADER are both set")
  })
})
