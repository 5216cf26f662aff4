import { hiresUpscale } from "../comfyNames.js"
import { newGraph, type ComfyLink, type ComfyRecipe } from "./comfyGraph.js"

/**
 * upscale: LoadImage → ImageScaleBy (lanczos, or the method of a plain or latent upscaler's name, which
 * ImageScaleBy's upscale_methods in ComfyUI's nodes.py all include) when no model is named; with an upscale model,
 * UpscaleModelLoader + ImageUpscaleWithModel (which enlarges by the model's own factor, often 4×)
 * and then ImageScale to exactly the asked size. Ends in SaveImage.
 */
export const upscaleWorkflow = (file: string, size: { width: number; height: number }, scale: number, upscaler?: string): ComfyRecipe => {
  const builder = newGraph()
  const loaded = builder.add("LoadImage", { image: file })
  let image: ComfyLink
  const chosen = upscaler === undefined ? { kind: "pixel" as const, method: "lanczos" } : hiresUpscale(upscaler)
  if (chosen.kind !== "model") {
    image = [builder.add("ImageScaleBy", { image: [loaded, 0], upscale_method: chosen.method, scale_by: scale }), 0]
  } else {
    const model = builder.add("UpscaleModelLoader", { model_name: chosen.model })
    const enlarged = builder.add("ImageUpscaleWithModel", { upscale_model: [model, 0], image: [loaded, 0] })
    const width = Math.round(size.width * scale)
    const height = Math.round(size.height * scale)
    image = [builder.add("ImageScale", { image: [enlarged, 0], upscale_method: "lanczos", width, height, crop: "disabled" }), 0]
  }
  const saved = builder.add("SaveImage", { images: image, filename_prefix: "mido-upscale" })
  return { graph: builder.graph, outputs: [{ node: saved }], samplers: [] }
}
