import type { Artwork, SdModelInfo, SdModelType } from "@mido/core"
import { loraTagName } from "@mido/core/generation"
import { and, desc, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { sdModels, userSdModels } from "../../db/schema/artworks.js"
import { MJ_VERSIONS } from "../generation/quickPresets.js"
import { notFound } from "./artworkRefusal.js"

/** The online-SD model catalogue: the card a model chip opens, and the viewer's own model list. */

const MODEL_NOT_FOUND = "模型不存在或已下架"

type SdModelRow = typeof sdModels.$inferSelect

const infoOf = (model: SdModelRow, added: boolean): SdModelInfo => ({
  id: model.id,
  type: model.type,
  name: model.name,
  cover: model.cover,
  description: model.description,
  base_model: model.baseModel,
  files: model.files.map((file) => ({ name: file.name, size: file.size })),
  tags: [...model.tags],
  use_count: model.useCount,
  is_added: added
})

export const sdModelInfo = async (db: Db, name: string, type: SdModelType, viewer: number | undefined): Promise<SdModelInfo> => {
  const added = viewer === undefined
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from user_sd_models m where m.uid = ${viewer} and m.model_id = ${sdModels.id})`
  const [row] = await db.select({ model: sdModels, added }).from(sdModels).where(and(eq(sdModels.name, name), eq(sdModels.type, type))).limit(1)
  if (row === undefined) throw notFound(MODEL_NOT_FOUND)
  return infoOf(row.model, row.added === true)
}

/** Adds a model to `uid`'s list; adding twice is harmless. */
export const addSdModel = async (db: Db, uid: number, modelId: number, now: Date) => {
  const [model] = await db.select({ id: sdModels.id }).from(sdModels).where(eq(sdModels.id, modelId)).limit(1)
  if (model === undefined) throw notFound(MODEL_NOT_FOUND)
  await db.insert(userSdModels).values({ uid, modelId, createdAt: now }).onConflictDoNothing()
}

/** The models `uid` added (添加到我的模型), last added first: /webui's own models beside the engine's catalogue. */
export const mySdModels = async (db: Db, uid: number): Promise<ReadonlyArray<SdModelInfo>> => {
  const rows = await db
    .select({ model: sdModels })
    .from(userSdModels)
    .innerJoin(sdModels, eq(sdModels.id, userSdModels.modelId))
    .where(eq(userSdModels.uid, uid))
    .orderBy(desc(userSdModels.createdAt), desc(sdModels.id))
  return rows.map((row) => infoOf(row.model, true))
}

/**
 * The detail's model chips name a LoRA as the catalogue shows it (油纸伞), not by its file
 * (oilpaper_umbrella) as a task records it (GA2), where the catalogue holds a LoRA of that file
 * (compared without folders and extension, SD4's tag name). The files stay as they are, so same-style
 * still writes the file's tag (SD4), and the chip's card is found by the name shown.
 */
export const withCatalogueNames = async (db: Db, artwork: Artwork): Promise<Artwork> => {
  if (artwork.type === "quick_mj") return withVersionLabel(artwork)
  if (artwork.type !== "sd" || !artwork.parameters.models.some((model) => model.type === "LoRA")) return artwork
  const catalogue = await db.select({ name: sdModels.name, files: sdModels.files }).from(sdModels).where(eq(sdModels.type, "LoRA"))
  const nameOfFile = new Map<string, string>()
  for (const entry of catalogue) {
    for (const file of entry.files) {
      const stem = loraTagName({ files: [file] })
      if (stem !== undefined && !nameOfFile.has(stem)) nameOfFile.set(stem, entry.name)
    }
  }
  const models = artwork.parameters.models.map((model) => {
    if (model.type !== "LoRA") return model
    const stem = loraTagName(model)
    const shown = stem === undefined ? undefined : nameOfFile.get(stem)
    return shown === undefined ? model : { ...model, name: shown }
  })
  return { ...artwork, parameters: { ...artwork.parameters, models } }
}

/** GA6: an MJ work's version as the /aigc list names it ("v7" → "MJ V7"); an unknown one keeps its name only. */
const withVersionLabel = (artwork: Artwork & { readonly type: "quick_mj" }): Artwork => {
  const name = artwork.parameters.version_info.name
  const label = MJ_VERSIONS.find((version) => version.name.toLowerCase() === name.trim().toLowerCase())?.label
  return label === undefined ? artwork : { ...artwork, parameters: { ...artwork.parameters, version_info: { ...artwork.parameters.version_info, label } } }
}
