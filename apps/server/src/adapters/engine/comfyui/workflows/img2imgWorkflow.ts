import type { ImageToImage } from "../../imageEnginePort.js"
import type { ComfySampling } from "../comfyNames.js"
import { modelStage, newGraph, samplerStage, type ComfyLink, type ComfyRecipe } from "./comfyGraph.js"

/** Uploaded file names (from POST /upload/image) that the LoadImage nodes read from ComfyUI's input folder. */
export interface UploadedInputs {
  readonly init: string
  readonly mask?: string
}

/** Denoise at or above this repaints the masked area from scratch (VAEEncodeForInpaint greys it first). */
const FULL_REPAINT = 0.99

/**
 * img2img: LoadImage → ImageScale (to the asked size, as the WebUI's "just resize") → VAEEncode.
 * inpaint (a mask): the mask is loaded as an image, scaled alike and read from its red channel
 * (white = repaint); a full repaint uses VAEEncodeForInpaint, a partial one VAEEncode with
 * SetLatentNoiseMask, which keeps the original pixels as the start.
 */
export const img2imgWorkflow = (request: ImageToImage, checkpoint: string, inputs: UploadedInputs, sampling: ComfySampling): ComfyRecipe => {
  const builder = newGraph()
  const stage = modelStage(builder, request, checkpoint)
  const scaled = (file: string): ComfyLink => {
    const loaded = builder.add("LoadImage", { image: file })
    return [builder.add("ImageScale", { image: [loaded, 0], upscale_method: "lanczos", width: request.width, height: request.height, crop: "disabled" }), 0]
  }
  const pixels = scaled(inputs.init)
  if (inputs.mask === undefined) {
    const latent = builder.add("VAEEncode", { pixels, vae: stage.vae })
    return samplerStage(builder, request, stage, [latent, 0], request.denoisingStrength, sampling)
  }
  const mask: ComfyLink = [builder.add("ImageToMask", { image: scaled(inputs.mask), channel: "red" }), 0]
  if (request.denoisingStrength >= FULL_REPAINT) {
    const latent = builder.add("VAEEncodeForInpaint", { pixels, vae: stage.vae, mask, grow_mask_by: 6 })
    return samplerStage(builder, request, stage, [latent, 0], 1, sampling)
  }
  const encoded = builder.add("VAEEncode", { pixels, vae: stage.vae })
  const latent = builder.add("SetLatentNoiseMask", { samples: [encoded, 0], mask })
  return samplerStage(builder, request, stage, [latent, 0], request.denoisingStrength, sampling)
}
