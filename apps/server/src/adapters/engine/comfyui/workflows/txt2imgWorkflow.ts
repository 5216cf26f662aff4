import type { TextToImage } from "../../imageEnginePort.js"
import type { ComfySampling } from "../comfyNames.js"
import { modelStage, newGraph, samplerStage, type ComfyRecipe } from "./comfyGraph.js"

/** txt2img: the model stage, an EmptyLatentImage of the asked size, one sampler branch per image. */
export const txt2imgWorkflow = (request: TextToImage, checkpoint: string, sampling: ComfySampling): ComfyRecipe => {
  const builder = newGraph()
  const stage = modelStage(builder, request, checkpoint)
  const latent = builder.add("EmptyLatentImage", { width: request.width, height: request.height, batch_size: 1 })
  return samplerStage(builder, request, stage, [latent, 0], 1, sampling)
}
