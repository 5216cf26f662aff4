import type { ImageToImage, TextToImage } from "../imageEnginePort.js"

/**
 * Our requests as Stable Diffusion WebUI (A1111 / Forge) `sdapi/v1` request bodies. Field names are
 * the WebUI's StableDiffusionTxt2ImgProcessingAPI / Img2Img ones; every value we care about is sent
 * explicitly because the API's class defaults differ from the UI's (steps 50, for one).
 */

/** The WebUI applies LoRAs from the prompt text, `<lora:name:weight>`. */
export const promptWithLoras = (request: TextToImage): string => {
  const tags = request.loras.map((lora) => `<lora:${lora.name}:${Number(lora.weight.toFixed(3))}>`)
  return [request.prompt.trim(), ...tags].filter((part) => part !== "").join(" ")
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")

export const txt2imgBody = (request: TextToImage, taskId: string): Record<string, unknown> => {
  const body: Record<string, unknown> = {
    prompt: promptWithLoras(request),
    negative_prompt: request.negativePrompt,
    steps: request.steps,
    cfg_scale: request.cfgScale,
    width: request.width,
    height: request.height,
    seed: request.seed,
    // a batch of `count` in one pass: image i gets seed + i, as the port promises
    batch_size: request.count,
    n_iter: 1,
    send_images: true,
    save_images: false,
    // our own id at the WebUI: /internal/progress and the interrupt go by it, never by the global progress
    force_task_id: taskId
  }
  if (request.sampler !== undefined) body.sampler_name = request.sampler
  if (request.scheduler !== undefined) body.scheduler = request.scheduler
  if (request.checkpoint !== undefined) {
    body.override_settings = { sd_model_checkpoint: request.checkpoint }
    body.override_settings_restore_afterwards = true
  }
  if (request.hires !== undefined) {
    body.enable_hr = true
    body.hr_scale = request.hires.scale
    body.hr_upscaler = request.hires.upscaler
    body.hr_second_pass_steps = request.hires.steps
    body.denoising_strength = request.hires.denoising
    // Forge declares this None and iterates it: without it every hires request dies with
    // "argument of type 'NoneType' is not iterable". A1111 ignores the unknown field.
    body.hr_additional_modules = ["Use same choices"]
  }
  return body
}

/** The WebUI's inpainting_fill: 1 keeps the original pixels under the mask as the start. */
const FILL_ORIGINAL = 1
/** resize_mode 0: just resize the init image to width × height */
const JUST_RESIZE = 0

export const img2imgBody = (request: ImageToImage, taskId: string): Record<string, unknown> => {
  const body = txt2imgBody(request, taskId)
  // img2img has no hires pass of its own; its denoising_strength is the init image's
  for (const key of ["enable_hr", "hr_scale", "hr_upscaler", "hr_second_pass_steps", "hr_additional_modules"]) delete body[key]
  body.init_images = [toBase64(request.init)]
  body.denoising_strength = request.denoisingStrength
  body.resize_mode = JUST_RESIZE
  if (request.mask !== undefined) {
    body.mask = toBase64(request.mask)
    body.inpainting_fill = FILL_ORIGINAL
    body.inpaint_full_res = false
    body.inpainting_mask_invert = 0
    body.mask_blur = 4
  }
  return body
}
