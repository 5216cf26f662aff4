import { and, eq, inArray, isNotNull } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { AIGC_PROVIDER_DEFAULT } from "../../platform/config.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ConfigKeys, configTexts } from "../appConfig/appConfig.js"
import { objectBaseUrl } from "../files/storedFiles.js"
import { type AigcAttribute, producedRecord, propagatedRecord } from "./aigcRecord.js"
import { drawnLabelPng, labelledJpeg, readAigcOf, withAigcChunk, withRecord } from "./labelImage.js"
import { type LabelLook, labelLookOf } from "./visibleLabel.js"

/**
 * The AIGC labels as the server applies them (docs/spec/aigc-labels.md, ADR 0025): each image a task
 * makes is labelled before it is stored; a work's record gets the platform's fields when it is published.
 */

export const providerOf = (deps: Pick<ServerDeps, "config">): string => deps.config.aigcProvider ?? AIGC_PROVIDER_DEFAULT

/** AL7: the operator's corner and style of the visible label, read per task (a change applies to the next image). */
export const currentLook = async (db: Db): Promise<LabelLook> => {
  const texts = await configTexts(db, [ConfigKeys.aigcLabelCorner, ConfigKeys.aigcLabelStyle])
  return labelLookOf(texts[ConfigKeys.aigcLabelCorner], texts[ConfigKeys.aigcLabelStyle])
}

/** A task image's content number: the task and the candidate, unique per image Mido made. */
export const produceIdOf = (taskId: string, candidate: number): string => `${taskId}-${candidate}`

/** AL2, AL6: a generated PNG with both labels; `withText` adds the other chunks (the infotext) first. */
export const labelledPng = async (
  deps: Pick<ServerDeps, "config">,
  bytes: Uint8Array,
  look: LabelLook,
  produceId: string,
  withText: (png: Buffer, size: { width: number; height: number }) => Uint8Array
): Promise<{ data: Uint8Array; width: number; height: number }> => {
  const png = await drawnLabelPng(bytes, look)
  const data = withAigcChunk(withText(png.data, png), producedRecord(providerOf(deps), produceId))
  return { data, width: png.width, height: png.height }
}

/** AL5, AL6: a generated JPEG (a tool keeping a JPEG input's type) with both labels, still a JPEG. */
export const labelledGeneratedJpeg = async (deps: Pick<ServerDeps, "config">, bytes: Uint8Array, look: LabelLook, produceId: string): Promise<Buffer> =>
  labelledJpeg(bytes, look, producedRecord(providerOf(deps), produceId))

/** The key of a work's published copy: beside the original, so the owner's prefix (R11) still holds it. */
export const publishedKey = (key: string, artworkId: number): string => key.replace(/(\.[A-Za-z0-9]+)?$/, (ext) => `-p${artworkId}${ext}`)

/**
 * AL3: the works just published get the platform's fields in their file's record (ContentPropagator the
 * provider, PropagateID the artwork id). Stored objects are immutable (create never overwrites), so the
 * stamped file is a new object beside the original and the artwork's cover moves to it. Only works
 * with an attribute (generated, or marked possibly/suspected) and a file in our own storage; a file
 * that already says so, or cannot be rewritten, is left as it is. Answers how many moved.
 */
export const stampPublished = async (deps: Pick<ServerDeps, "db" | "config" | "objectStore">, ids: ReadonlyArray<number>): Promise<number> => {
  if (ids.length === 0) return 0
  const rows = await deps.db
    .select({ id: artworks.id, cover: artworks.cover, attribute: artworks.aigcLabel })
    .from(artworks)
    .where(and(inArray(artworks.id, [...ids]), isNotNull(artworks.aigcLabel)))
  const base = objectBaseUrl(deps.config)
  let stamped = 0
  for (const row of rows) {
    if (!row.cover.startsWith(base)) continue
    const key = row.cover.slice(base.length)
    const bytes = await deps.objectStore.read(key).catch(() => undefined)
    if (bytes === undefined) continue
    const existing = await readAigcOf(bytes)
    if (existing?.PropagateID === String(row.id)) continue
    const record = propagatedRecord(existing, row.attribute as AigcAttribute, providerOf(deps), String(row.id))
    const rewritten = await withRecord(bytes, record).catch(() => undefined)
    if (rewritten === undefined) continue
    const stampedKey = publishedKey(key, row.id)
    await deps.objectStore.create(stampedKey, rewritten)
    await deps.db.update(artworks).set({ cover: `${base}${stampedKey}` }).where(eq(artworks.id, row.id))
    stamped++
  }
  return stamped
}
