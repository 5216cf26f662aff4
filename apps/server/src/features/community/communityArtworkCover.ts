import { and, eq, isNull } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"

/**
 * The cover of one of the caller's own artworks (not deleted), or null when it is not theirs (R11).
 * A post that shares the artwork may carry this cover as its image: an assignment hand-in shows the
 * work it hands in, though the cover was stored by the server, not uploaded by the caller.
 */
export const ownArtworkCover = async (db: Db, uid: number, artworkId: number): Promise<string | null> => {
  const [row] = await db.select({ cover: artworks.cover }).from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.userUid, uid), isNull(artworks.deletedAt)))
    .limit(1)
  return row?.cover ?? null
}
