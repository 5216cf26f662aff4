import { describe, expect, it } from "vitest"
import { parseInfotext } from "../infotext/parseInfotext.js"
import { comfyGraphOf, comfyInfotextInput } from "./comfyGraph.js"
import { graphOfWorkflow } from "./comfyWorkflow.js"
import { pictureParametersOf } from "./pictureParameters.js"
import { decodePngTexts, readPngTextChunks } from "./pngText.js"

// ---- PNG bytes made here: a 1×1 image with the text chunks each case needs ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const concat = (...parts: ReadonlyArray<Uint8Array>) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0)
  return out
}
const ascii = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)))
const utf8 = (text: string) => new TextEncoder().encode(text)
const chunk = (type: string, data: Uint8Array) => {
  const body = concat(ascii(type), data)
  const head = new Uint8Array(4)
  new DataView(head.buffer).setUint32(0, data.length)
  const tail = new Uint8Array(4)
  new DataView(tail.buffer).setUint32(0, crc32(body))
  return concat(head, body, tail)
}
const deflate = async (bytes: Uint8Array) => new Uint8Array(await new Response(new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer())
const inflate = async (bytes: Uint8Array) => new Uint8Array(await new Response(new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer())

const SIGNATURE = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10])
const IHDR = chunk("IHDR", Uint8Array.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]))
const IDAT = chunk("IDAT", Uint8Array.from([120, 156, 99, 96, 96, 96, 0, 0, 0, 4, 0, 1]))
const png = (...texts: ReadonlyArray<Uint8Array>) => concat(SIGNATURE, IHDR, ...texts, IDAT, chunk("IEND", new Uint8Array(0)))
const tEXt = (keyword: string, text: string) => chunk("tEXt", concat(ascii(keyword), Uint8Array.of(0), ascii(text)))
const zTXt = async (keyword: string, text: string) => chunk("zTXt", concat(ascii(keyword), Uint8Array.of(0, 0), await deflate(ascii(text))))
const iTXt = async (keyword: string, text: string, compressed = false) =>
  chunk("iTXt", concat(ascii(keyword), Uint8Array.of(0, compressed ? 1 : 0, 0), ascii("zh"), Uint8Array.of(0), Uint8Array.of(0), compressed ? await deflate(utf8(text)) : utf8(text)))

const textsOf = async (bytes: Uint8Array) => decodePngTexts(readPngTextChunks(bytes) ?? [], inflate)

const MIDO = "雪夜江南, 石桥, <lora:oilpaper_umbrella:0.8>\nNegative prompt: lowres\nSteps: 28, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Seed: 42, Size: 512x768, Model: guofeng_ink_v3, Engine: 本地演示引擎"
const FORGE = "a lighthouse in fog\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 5, Seed: 7, Size: 768x512, Model: sd_xl_base_1.0"

/** A ComfyUI txt2img graph as its SaveImage writes it (the default workflow plus a LoRA and a hires pass). */
const COMFY_PROMPT = {
  "3": { class_type: "KSampler", inputs: { seed: 156680208700286, steps: 20, cfg: 8, sampler_name: "euler_ancestral", scheduler: "karras", denoise: 1, model: ["10", 0], positive: ["6", 0], negative: ["7", 0], latent_image: ["5", 0] } },
  "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "SDXL/sd_xl_base_1.0.safetensors" } },
  "5": { class_type: "EmptyLatentImage", inputs: { width: 832, height: 1216, batch_size: 1 } },
  "6": { class_type: "CLIPTextEncode", inputs: { text: "beautiful scenery nature glass bottle landscape, purple galaxy bottle", clip: ["10", 1] } },
  "7": { class_type: "CLIPTextEncode", inputs: { text: "text, watermark", clip: ["10", 1] } },
  "8": { class_type: "VAEDecode", inputs: { samples: ["3", 0], vae: ["4", 2] } },
  "9": { class_type: "SaveImage", inputs: { filename_prefix: "ComfyUI", images: ["8", 0] } },
  "10": { class_type: "LoraLoader", inputs: { lora_name: "style/watercolor_texture.safetensors", strength_model: 0.7, strength_clip: 1, model: ["4", 0], clip: ["4", 1] } },
  "11": { class_type: "LatentUpscaleBy", inputs: { upscale_method: "nearest-exact", scale_by: 1.5, samples: ["3", 0] } },
  "12": { class_type: "KSamplerAdvanced", inputs: { add_noise: "enable", noise_seed: 1, steps: 10, cfg: 4, sampler_name: "dpmpp_2m", scheduler: "normal", start_at_step: 0, end_at_step: 10000, return_with_leftover_noise: "disable", model: ["10", 0], positive: ["6", 0], negative: ["7", 0], latent_image: ["11", 0] } }
}
const COMFY_TEXT = "beautiful scenery nature glass bottle landscape, purple galaxy bottle, <lora:watercolor_texture:0.7>\nNegative prompt: text, watermark\nSteps: 20, Sampler: Euler a, Schedule type: Karras, CFG scale: 8, Seed: 156680208700286, Size: 832x1216, Model: sd_xl_base_1.0"

/** The same settings as the UI workflow (no `prompt` chunk): a primitive node feeds the seed. */
const COMFY_WORKFLOW = {
  nodes: [
    { id: 3, type: "KSampler", inputs: [{ name: "model", link: 1 }, { name: "positive", link: 4 }, { name: "negative", link: 6 }, { name: "latent_image", link: 2 }, { name: "seed", link: 9, widget: { name: "seed" } }], widgets_values: [0, "randomize", 25, 6.5, "dpmpp_2m_sde", "exponential", 1] },
    { id: 4, type: "CheckpointLoaderSimple", inputs: [], widgets_values: ["realisticVision_v51.safetensors"] },
    { id: 5, type: "EmptyLatentImage", inputs: [], widgets_values: [512, 768, 2] },
    { id: 6, type: "CLIPTextEncode", inputs: [{ name: "clip", link: 3 }], widgets_values: ["汉服少女, 油纸伞"] },
    { id: 7, type: "CLIPTextEncode", inputs: [{ name: "clip", link: 5 }], widgets_values: ["lowres"] },
    { id: 13, type: "PrimitiveNode", inputs: [], widgets_values: [987654321, "fixed"] }
  ],
  links: [[1, 4, 0, 3, 0, "MODEL"], [2, 5, 0, 3, 3, "LATENT"], [3, 4, 1, 6, 0, "CLIP"], [4, 6, 0, 3, 1, "CONDITIONING"], [5, 4, 1, 7, 0, "CLIP"], [6, 7, 0, 3, 2, "CONDITIONING"], [9, 13, 0, 3, 4, "INT"]]
}

describe("the parameters of a picture (docs/spec/pnginfo.md)", () => {
  it.each([
    ["PI1 tEXt (a Latin-1 WebUI text)", async () => png(tEXt("parameters", FORGE)), FORGE],
    ["PI1 iTXt (Mido's download: Chinese prompt, uncompressed)", async () => png(tEXt("Software", "Mido"), await iTXt("parameters", MIDO)), MIDO],
    ["PI1 compressed iTXt (PIL with zip)", async () => png(await iTXt("parameters", MIDO, true)), MIDO],
    ["PI1 zTXt", async () => png(await zTXt("parameters", FORGE)), FORGE],
    ["PI1 a later chunk of a keyword wins", async () => png(tEXt("parameters", "old\nSteps: 1, Seed: 1, CFG scale: 1"), tEXt("parameters", FORGE)), FORGE]
  ])("%s: the parameters text is read whole", async (_name, make, expected) => {
    expect(pictureParametersOf(await textsOf(await make()))).toEqual({ source: "webui", text: expected })
  })

  it("PI1: not a PNG, a cut-off file and a broken chunk never throw", async () => {
    expect(readPngTextChunks(utf8("GIF89a…"))).toBeUndefined()
    const whole = png(tEXt("parameters", FORGE))
    expect(readPngTextChunks(whole.subarray(0, 40))).toEqual([])
    expect(readPngTextChunks(png(chunk("tEXt", ascii("no zero byte")), chunk("iTXt", ascii("k\u0000\u0001\u0009"))))).toEqual([])
    const badDeflate = png(chunk("zTXt", concat(ascii("parameters"), Uint8Array.of(0, 0, 1, 2, 3))))
    expect(await textsOf(badDeflate)).toEqual({})
  })

  it("PI2: parameters wins over a ComfyUI graph; a picture without settings has none (PI7)", async () => {
    expect(pictureParametersOf(await textsOf(png(tEXt("prompt", JSON.stringify(COMFY_PROMPT)), tEXt("parameters", FORGE))))?.source).toBe("webui")
    expect(pictureParametersOf(await textsOf(png(tEXt("Software", "Photoshop"))))).toBeUndefined()
    expect(pictureParametersOf({ parameters: "   ", prompt: "not json", workflow: "{\"nodes\": 3}" })).toBeUndefined()
    expect(pictureParametersOf({ prompt: JSON.stringify({ "1": { class_type: "SaveImage", inputs: {} } }) })).toBeUndefined()
  })

  it("PI3–PI5: a ComfyUI prompt graph: the first pass's KSampler, its prompts, LoRA, checkpoint, size and names WebUI uses", async () => {
    const read = pictureParametersOf(await textsOf(png(tEXt("prompt", JSON.stringify(COMFY_PROMPT)), tEXt("workflow", "{}"))))
    expect(read).toEqual({ source: "comfyui", text: COMFY_TEXT })
    expect(parseInfotext(read!.text).params).toMatchObject({ Steps: "20", Sampler: "Euler a", "Schedule type": "Karras", Seed: "156680208700286", Size: "832x1216" })
  })

  it.each([
    ["PI4 a seed fed by another node", { "1": { class_type: "KSampler", inputs: { seed: ["2", 0], steps: 5, cfg: 2, sampler_name: "lcm", scheduler: "sgm_uniform", positive: ["3", 0], negative: ["3", 0], latent_image: ["4", 0], model: ["5", 0] } }, "2": { class_type: "Seed (rgthree)", inputs: { seed: 99 } }, "3": { class_type: "CLIPTextEncode", inputs: { text: "cat" } }, "4": { class_type: "EmptyLatentImage", inputs: { width: 512, height: 512, batch_size: 1 } }, "5": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "dreamshaper_8.safetensors" } } }, { Seed: "99", Sampler: "LCM", "Schedule type": "SGM Uniform", Model: "dreamshaper_8" }],
    ["PI4 KSamplerAdvanced's noise_seed; conditioning through a ControlNet", { "1": { class_type: "KSamplerAdvanced", inputs: { noise_seed: 5, steps: 30, cfg: 7, sampler_name: "new_sampler", scheduler: "weird", positive: ["6", 0], negative: ["3", 0], latent_image: ["4", 0], model: ["5", 0] } }, "6": { class_type: "ControlNetApply", inputs: { conditioning: ["3", 0], strength: 1 } }, "3": { class_type: "CLIPTextEncode", inputs: { text: "dog" } }, "4": { class_type: "EmptyLatentImage", inputs: { width: 640, height: 384, batch_size: 4 } }, "5": { class_type: "LoraLoaderModelOnly", inputs: { lora_name: "a.safetensors", strength_model: 1, model: ["7", 0] } }, "7": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "m.ckpt" } } }, { Seed: "5", Sampler: "new_sampler", "Schedule type": "weird", Size: "640x384", "Batch size": "4", Model: "m" }],
    ["PI4 a cycle in a malformed graph ends", { "1": { class_type: "KSampler", inputs: { seed: ["2", 0], steps: 5, cfg: 2, positive: ["2", 0], negative: ["2", 0], latent_image: ["2", 0], model: ["2", 0] } }, "2": { class_type: "Loop", inputs: { seed: ["2", 0], conditioning: ["2", 0], samples: ["2", 0], model: ["2", 0] } } }, { Steps: "5", "CFG scale": "2" }]
  ])("%s", (_name, graph, params) => {
    const input = comfyInfotextInput(comfyGraphOf(graph)!)
    expect(Object.fromEntries(input!.params)).toMatchObject(params)
  })

  it("PI6: a UI workflow without a prompt chunk reads the same way (widget order of nodes.py, a primitive's value)", async () => {
    expect(graphOfWorkflow({ nodes: "x" })).toBeUndefined()
    const read = pictureParametersOf(await textsOf(png(await iTXt("workflow", JSON.stringify(COMFY_WORKFLOW)))))
    expect(read?.source).toBe("comfyui")
    const parsed = parseInfotext(read!.text)
    expect(parsed).toMatchObject({ prompt: "汉服少女, 油纸伞", negativePrompt: "lowres" })
    expect(parsed.params).toEqual({ Steps: "25", Sampler: "DPM++ 2M SDE", "Schedule type": "Exponential", "CFG scale": "6.5", Seed: "987654321", Size: "512x768", Model: "realisticVision_v51", "Batch size": "2" })
  })
})
