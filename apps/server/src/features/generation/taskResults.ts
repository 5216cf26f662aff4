import { taskOriginOf, type TaskSubmit } from "@mido/core/generation"
import { artworkParametersOf, artworkTypeOf, infotextOfTask, refundShare } from "@mido/core/generation"
import type { EngineResult } from "../../adapters/engine/imageEnginePort.js"
import { artworks } from "../../db/schema/artworks.js"
import type { TaskRow } from "../../db/schema/tasks.js"
import { withPngText } from "../../platform/pngText.js"
import { keptInfotext, submitAsDrawn } from "./drawnInfotext.js"
import { currentLook, labelledGeneratedJpeg, labelledPng, produceIdOf } from "../aigc/aigcLabels.js"
import type { ServerDeps } from "../../platform/deps.js"
import { objectUrl } from "../files/storedFiles.js"
import { endTask, RefundRemarks } from "./taskSettle.js"

/** Where a task's images live: under the owner's generated prefix, so they may be inputs of the owner's later tasks (R11). */
export const generatedKey = (row: Pick<TaskRow, "uid" | "id">, name: string): string => `generated/u/${row.uid}/${row.id}/${name}`

interface Stored {
  readonly key: string
  readonly width: number
  readonly height: number
  readonly seed: number
}

/**
 * Each image labelled as AI-generated (ADR 0025: the visible AI生成 and the AIGC record, on the stored
 * file) and re-encoded as PNG with the A1111 infotext in its `parameters` text chunk (the engine's own,
 * kept, when it wrote one), then stored.
 */
const storeImages = async (deps: ServerDeps, row: TaskRow, submit: TaskSubmit, result: EngineResult): Promise<Array<Stored>> => {
  const stored: Array<Stored> = []
  const look = await currentLook(deps.db)
  for (const [index, image] of result.images.slice(0, row.num).entries()) {
    const seed = image.seed ?? row.seed + index
    const produceId = produceIdOf(row.id, index + 1)
    if (image.format === "jpeg") {
      // a tool keeping a JPEG input's type: stored as a JPEG, the record as XMP (no PNG text chunk for the infotext)
      const key = generatedKey(row, `${index + 1}.jpg`)
      await deps.objectStore.create(key, await labelledGeneratedJpeg(deps, image.bytes, look, produceId))
      stored.push({ key, width: image.width, height: image.height, seed })
      continue
    }
    const png = await labelledPng(deps, image.bytes, look, produceId, (data, size) =>
      withPngText(data, "parameters", keptInfotext(image.infotext, infotextOfTask(submit, { seed, ...size, engineLabel: row.engineLabel }))))
    const key = generatedKey(row, `${index + 1}.png`)
    await deps.objectStore.create(key, png.data)
    stored.push({ key, width: png.width, height: png.height, seed })
  }
  return stored
}

/**
 * The engine answered: the images become PRIVATE draft artworks of the task's type (publishable
 * through the audit submit) and the task succeeds, in one transaction with the refund of the share
 * not made (refundShare). No image at all: the task fails with a full refund. A task cancelled in
 * the meantime keeps its cancel; the stored files are removed again.
 */
export const saveResults = async (deps: ServerDeps, row: TaskRow, result: EngineResult): Promise<void> => {
  const submit = submitAsDrawn(row.params as TaskSubmit, result.drawnWith)
  const stored = await storeImages(deps, row, submit, result)
  const now = deps.now()
  const ended = await endTask(deps.db, deps.ledgerKey, row.id, ["running"], now, async (locked, tx) => {
    if (stored.length === 0) return { status: "failed", refund: locked.cost, remark: RefundRemarks.failed, reason: result.reason ?? "绘画失败，米豆已退还" }
    const inserted = await tx
      .insert(artworks)
      .values(stored.map((image, index) => ({
        userUid: locked.uid,
        type: artworkTypeOf(submit),
        origin: taskOriginOf(submit.type),
        cover: objectUrl(deps.config, image.key),
        aigcLabel: 1,
        width: image.width,
        height: image.height,
        parameters: artworkParametersOf(submit, { seed: image.seed, width: image.width, height: image.height, engineLabel: locked.engineLabel, taskId: locked.id, candidate: index + 1 }),
        createdAt: now
      })))
      .returning({ id: artworks.id })
    const missing = locked.num - stored.length
    return {
      status: "succeeded",
      refund: missing > 0 ? refundShare(locked.cost, locked.num, stored.length) : 0,
      remark: RefundRemarks.partial,
      ...(missing > 0 ? { reason: result.reason ?? `${missing} 张图片生成失败，已退还相应米豆` } : result.note !== undefined ? { reason: result.note } : {}),
      artworkIds: inserted.map((artwork) => artwork.id)
    }
  })
  if (ended === undefined) await Promise.all(stored.map((image) => deps.objectStore.delete(image.key).catch(() => {})))
}
