import { resolveToolOptions, type ToolSubmit, toolSpecOf } from "@mido/core/generation"
import { EngineError, type EngineResult, type RunControl } from "../../adapters/engine/imageEnginePort.js"
import { ToolInputError, type ToolProcessor } from "../../adapters/tools/toolProcessorPort.js"

type Read = (url: string) => Promise<Uint8Array>

/**
 * A tool task on the offline engine: the tool's own processor (OpenCV.js, ESRGAN; adapters/tools) on
 * the tool worker thread, not the procedural demo renderer. An input the processors cannot use fails
 * the task with its full refund; the tool's note (a fallback taken, "colour needs an engine") becomes
 * the result's note.
 */
export const runOfflineTool = async (tools: ToolProcessor, submit: ToolSubmit, read: Read, run: RunControl): Promise<EngineResult> => {
  const spec = toolSpecOf(submit.tool)
  if (!spec.offline) throw new EngineError("rejected", spec.offlineRefusal ?? "该工具需要接入绘画引擎")
  const image = await read(submit.image_url)
  const mask = submit.mask_url === undefined ? undefined : await read(submit.mask_url)
  try {
    const result = await tools.run(
      { tool: submit.tool, image, ...(mask !== undefined ? { mask } : {}), options: resolveToolOptions(submit.tool, submit.options) },
      { signal: run.signal, onProgress: (percent) => run.onProgress({ percent }) }
    )
    const note = [result.note, spec.offlineNote].filter((part): part is string => part !== undefined && part !== "").join("；")
    return {
      images: result.images.map((made) => ({ bytes: made.bytes, width: made.width, height: made.height, format: made.format })),
      ...(note !== "" ? { note } : {})
    }
  } catch (error) {
    if (error instanceof ToolInputError) throw new EngineError("rejected", `${error.reason}，米豆已退还`)
    throw error
  }
}
