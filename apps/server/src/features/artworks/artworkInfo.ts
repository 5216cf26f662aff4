import type { Artwork } from "@mido/core"
import { and, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import { notFound } from "./artworkRefusal.js"
import { faceColumns, toArtwork, type ViewerFlags, visibleTo } from "./artworkView.js"
import { userStat } from "../users/userStats.js"
import { withCatalogueNames } from "./sdModels.js"

const NO_FLAGS: ViewerFlags = { is_collected: false, is_follow: false, is_like: false, is_owner: false }

const viewerFlags = async (db: Db, viewer: number | undefined, artworkId: number, author: number): Promise<ViewerFlags> => {
  if (viewer === undefined) return NO_FLAGS
  const result = (await db.execute(sql`
    select
      exists (select 1 from artwork_likes where uid = ${viewer} and artwork_id = ${artworkId}) as is_like,
      exists (select 1 from collections where uid = ${viewer} and artwork_id = ${artworkId}) as is_collected,
      exists (select 1 from follows where follower_uid = ${viewer} and followee_uid = ${author}) as is_follow
  `)) as unknown as { rows: Array<{ is_like: boolean; is_collected: boolean; is_follow: boolean }> }
  const row = result.rows[0]
  return { is_like: row?.is_like === true, is_collected: row?.is_collected === true, is_follow: row?.is_follow === true, is_owner: viewer === author }
}

/**
 * GET /api/v2/open/artwork/info: one artwork the viewer may see (public, or their own — R11), with
 * the author's counters and the viewer's flags (all false for a visitor). Counts one view.
 */
export const artworkInfo = async (db: Db, id: number, viewer: number | undefined): Promise<Artwork> => {
  const [seen] = await db
    .update(artworks)
    .set({ viewCount: sql`${artworks.viewCount} + 1` })
    .where(and(eq(artworks.id, id), visibleTo(viewer)))
    .returning({ id: artworks.id })
  if (seen === undefined) throw notFound("作品不存在或已删除")
  const [row] = await db
    .select({ ...faceColumns, parameters: artworks.parameters, origin: artworks.origin })
    .from(artworks)
    .innerJoin(users, eq(users.uid, artworks.userUid))
    .where(eq(artworks.id, id))
    .limit(1)
  if (row === undefined) throw notFound("作品不存在或已删除")
  const [stat, flags] = await Promise.all([userStat(db, row.userUid), viewerFlags(db, viewer, id, row.userUid)])
  return withCatalogueNames(db, toArtwork(row, stat, flags))
}
