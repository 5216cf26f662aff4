import { withPngText } from "../../src/platform/pngText.js"
import { fakePng } from "./fakePng.js"

/**
 * What the fake WebUI draws and how it says so, from AUTOMATIC1111/stable-diffusion-webui:
 * - modules/processing.py process_images: an `override_settings.sd_model_checkpoint` that is not in
 *   `sd_models.checkpoint_aliases` is dropped without a word and the loaded model draws; with
 *   `override_settings_restore_afterwards` (default true) the old model is restored afterwards.
 * - modules/sd_samplers.py get_sampler_and_scheduler (called by api.py text2imgapi and by
 *   fix_p_invalid_sampler_and_scheduler): an unknown sampler becomes `samplers[0]`, an unknown scheduler
 *   `schedulers[0]` (Automatic); "DPM++ 2M Karras" is split into sampler and scheduler. No 404 since 1.9.
 * - modules/processing.py create_infotext: "prompt\nNegative prompt: …\nSteps: …, Sampler: …, Schedule type:
 *   …, CFG scale: …, Seed: …, Size: WxH, Model hash: …, Model: …, <extra_generation_params>, Version: …",
 *   values holding `,` `:` or a newline quoted by modules/infotext_utils.py quote (json.dumps).
 * - extensions-builtin/Lora/extra_networks_lora.py: `Lora hashes: "name: shorthash, …"` for the LoRAs
 *   found; a `<lora:…>` tag naming no LoRA is skipped (logged only), the tag stays in the prompt.
 * - modules/processing.py process_images_inner: `image.info["parameters"] = infotext` and
 *   modules/api/api.py encode_pil_to_base64 writes image.info as PNG text chunks; a grid comes first only
 *   when one is saved, and the API sets do_not_save_grid = not save_images. Processed.js() is `info`.
 */

export const FAKE_SAMPLERS = ["DPM++ 2M", "Euler a", "Euler"]
/** modules/sd_schedulers.py: schedulers[0] is Automatic; schedulers_map holds names and labels */
export const FAKE_SCHEDULERS = [
  { name: "automatic", label: "Automatic" },
  { name: "karras", label: "Karras" },
  { name: "exponential", label: "Exponential" }
]
export const FAKE_MODELS = [
  { title: "v1-5-pruned-emaonly.safetensors [6ce0161689]", name: "v1-5-pruned-emaonly.safetensors", model_name: "v1-5-pruned-emaonly", hash: "6ce0161689" },
  { title: "sdxl_base.safetensors [31e35c80fc]", name: "sdxl_base.safetensors", model_name: "sdxl_base", hash: "31e35c80fc" }
]
export const FAKE_LORAS = [{ name: "detail_tweaker", hash: "3c2fe2bd3f4a" }]
export type FakeModel = (typeof FAKE_MODELS)[number]

/** modules/sd_models.py CheckpointInfo.ids: the title, the file name, the model name and the short hash all find a checkpoint */
export const findCheckpoint = (alias: unknown): FakeModel | undefined =>
  typeof alias === "string" ? FAKE_MODELS.find((model) => [model.title, model.name, model.model_name, model.hash].includes(alias)) : undefined

export const resolveSampler = (samplerName: unknown, schedulerName: unknown): { sampler: string; scheduler: string } => {
  let name = typeof samplerName === "string" && samplerName !== "" ? samplerName : FAKE_SAMPLERS[0]!
  let scheduler = FAKE_SCHEDULERS.find((each) => each.name === schedulerName || each.label === schedulerName) ?? FAKE_SCHEDULERS[0]!
  for (const each of FAKE_SCHEDULERS) {
    const suffix = [each.label, each.name].find((option) => name.endsWith(` ${option}`))
    if (suffix !== undefined) {
      scheduler = each
      name = name.slice(0, -(suffix.length + 1))
      break
    }
  }
  return { sampler: FAKE_SAMPLERS.includes(name) ? name : FAKE_SAMPLERS[0]!, scheduler: scheduler.label }
}

/** modules/infotext_utils.py quote */
const quote = (text: string) => (/[,:\n]/.test(text) ? JSON.stringify(text) : text)

export interface DrawInput {
  readonly kind: "txt2img" | "img2img"
  readonly body: Record<string, unknown>
  readonly model: FakeModel
  readonly version: string
}

/** The answer of txt2img / img2img: PNGs with their `parameters` chunk, and Processed.js() as `info`. */
export const drawAnswer = async ({ kind, body, model, version }: DrawInput) => {
  const steps = Number(body.steps ?? 50)
  const width = Number(body.width ?? 512)
  const height = Number(body.height ?? 512)
  const seed = Number(body.seed ?? -1)
  const count = Number(body.batch_size ?? 1) * Number(body.n_iter ?? 1)
  const prompt = String(body.prompt ?? "")
  const negative = String(body.negative_prompt ?? "")
  const { sampler, scheduler } = resolveSampler(body.sampler_name, body.scheduler)
  const hires = kind === "txt2img" && body.enable_hr === true
  const scale = hires ? Number(body.hr_scale ?? 2) : 1
  const loras = [...prompt.matchAll(/<lora:([^:>]+):[^>]*>/g)].flatMap((match) => FAKE_LORAS.filter((lora) => lora.name === match[1]))
  const extra: Array<[string, string]> = []
  if (kind === "img2img" || hires) extra.push(["Denoising strength", String(body.denoising_strength ?? 0.75)])
  if (hires) extra.push(["Hires upscale", String(scale)], ["Hires steps", String(body.hr_second_pass_steps ?? 0)], ["Hires upscaler", String(body.hr_upscaler ?? "Latent")])
  if (loras.length > 0) extra.push(["Lora hashes", loras.map((lora) => `${lora.name}: ${lora.hash}`).join(", ")])
  const seeds = Array.from({ length: count }, (_, index) => seed + index)
  const infotextOf = (each: number) => {
    const params: Array<[string, string]> = [
      ["Steps", String(steps)], ["Sampler", sampler], ["Schedule type", scheduler], ["CFG scale", String(body.cfg_scale ?? 7)], ["Seed", String(each)],
      ["Size", `${width}x${height}`], ["Model hash", model.hash], ["Model", model.model_name], ...extra, ["Version", version]
    ]
    const negativeLine = negative === "" ? "" : `\nNegative prompt: ${negative}`
    return `${prompt}${negativeLine}\n${params.map(([label, value]) => `${label}: ${quote(value)}`).join(", ")}`.trim()
  }
  const key = `${kind}|${prompt}`
  const drawn = await Promise.all(seeds.map(async (each) => {
    const png = await fakePng(`${key}|${each}`, Math.round(width * scale), Math.round(height * scale))
    return Buffer.from(withPngText(png, "parameters", infotextOf(each))).toString("base64")
  }))
  const infotexts = seeds.map(infotextOf)
  const withGrid = body.save_images === true && count > 1
  const grid = withGrid ? [Buffer.from(withPngText(await fakePng(`grid|${key}`, width * 2, height), "parameters", infotextOf(seed))).toString("base64")] : []
  const info = {
    prompt, all_prompts: seeds.map(() => prompt), negative_prompt: negative, seed, all_seeds: seeds, width, height, sampler_name: sampler, cfg_scale: body.cfg_scale ?? 7, steps,
    batch_size: Number(body.batch_size ?? 1), sd_model_name: model.model_name, sd_model_hash: model.hash, extra_generation_params: Object.fromEntries(extra),
    index_of_first_image: grid.length, infotexts: [...(withGrid ? [infotextOf(seed)] : []), ...infotexts], version, job_timestamp: "20261127203000"
  }
  return { images: [...grid, ...drawn], parameters: body, info: JSON.stringify(info) }
}
