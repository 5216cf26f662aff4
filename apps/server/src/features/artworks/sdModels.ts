import type { SdModelInfo, SdModelType } from "@mido/core"
import { and, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { sdModels, userSdModels } from "../../db/schema/artworks.js"
import { notFound } from "./artworkRefusal.js"

/** The online-SD model catalogue: the card a model chip opens, and the viewer's own model list. */

const MODEL_NOT_FOUND = "模型不存在或已下架"

export const sdModelInfo = async (db: Db, name: string, type: SdModelType, viewer: number | undefined): Promise<SdModelInfo> => {
  const added = viewer === undefined
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from user_sd_models m where m.uid = ${viewer} and m.model_id = ${sdModels.id})`
  const [row] = await db.select({ model: sdModels, added }).from(sdModels).where(and(eq(sdModels.name, name), eq(sdModels.type, type))).limit(1)
  if (row === undefined) throw notFound(MODEL_NOT_FOUND)
  const { model } = row
  return {
    id: model.id,
    type: model.type,
    name: model.name,
    cover: model.cover,
    description: model.description,
    base_model: model.baseModel,
    files: model.files.map((file) => ({ name: file.name, size: file.size })),
    tags: [...model.tags],
    use_count: model.useCount,
    is_added: row.added === true
  }
}

/** Adds a model to `uid`'s list; adding twice is harmless. */
export const addSdModel = async (db: Db, uid: number, modelId: number, now: Date) => {
  const [model] = await db.select({ id: sdModels.id }).from(sdModels).where(eq(sdModels.id, modelId)).limit(1)
  if (model === undefined) throw notFound(MODEL_NOT_FOUND)
  await db.insert(userSdModels).values({ uid, modelId, createdAt: now }).onConflictDoNothing()
}
