import { and, eq } from "drizzle-orm"
import type { ArtworkAuditSubmit } from "@mido/core"
import type { ServerDeps } from "../../platform/deps.js"
import { artworks } from "../../db/schema/artworks.js"
import { moderateImages, moderateTexts } from "../moderation/textCheck.js"

/**
 * Before an artwork goes to review and the square (issue 29, MO8): its title passes the text check
 * and its image the image check, generated and uploaded alike. An artwork that is not the caller's
 * is left to submitForAudit's own refusal.
 */
export const checkArtworkPublish = async (deps: ServerDeps, uid: number, input: ArtworkAuditSubmit): Promise<void> => {
  await moderateTexts(deps, uid, [{ place: "artwork_title", text: input.title, targetId: String(input.artwork_id) }])
  const [row] = await deps.db.select({ cover: artworks.cover }).from(artworks)
    .where(and(eq(artworks.id, input.artwork_id), eq(artworks.userUid, uid))).limit(1)
  if (row !== undefined && row.cover !== "") await moderateImages(deps, uid, "artwork_publish", String(input.artwork_id), [row.cover])
}
