import { and, or, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { publicArtwork } from "./artworkView.js"

/** The parameters' image lists a published artwork shows on its detail (MJ references, GA5). */
const IMAGE_LISTS = ["image_prompts", "style_reference", "character_reference", "omni_reference"] as const

/**
 * R11: whether an image address is already public on Mido — the cover or a reference image of an
 * artwork on the square (not deleted, public, approved). Anyone can read such an image anyway, so a
 * task may use it as an input. Served by artworks_cover and artworks_parameters_images (1900).
 */
export const isPublicImage = async (db: Db, url: string): Promise<boolean> => {
  const inList = IMAGE_LISTS.map((list) => sql`${artworks.parameters} @> ${JSON.stringify({ [list]: [url] })}::jsonb`)
  const [row] = await db
    .select({ id: artworks.id })
    .from(artworks)
    .where(and(publicArtwork, or(sql`${artworks.cover} = ${url}`, ...inList)))
    .limit(1)
  return row !== undefined
}
