import { and, asc, inArray } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { moderationOutcomes } from "../../db/schema/moderation.js"
import { unixSeconds } from "../../platform/chinaTime.js"
import type { ReviewedKind } from "./reviewNotices.js"

/** An automatic check's verdict on an item, as the queue shows it beside the item (ReviewItem.moderation). */
export interface ModerationNoteRow {
  readonly source: string
  readonly verdict: "pass" | "review" | "block"
  readonly detail: string
  readonly created_at: number
}

/** Where moderation writes an outcome that belongs to an item of each kind (features/moderation/textCheck.ts). */
const PLACES_OF: Readonly<Record<ReviewedKind, ReadonlyArray<string>>> = {
  artwork: ["artwork_publish", "artwork_title"],
  post: ["post", "post_image"],
  comment: ["comment"],
  article: ["article"]
}

/**
 * The ContentModeration port's outcomes (moderation_outcomes, MO7) of the items on a queue page, oldest
 * first, keyed by item id. An outcome names its item through target_id; a text checked before its item
 * existed (a new post's words) has none and is not shown here, only in the moderation log.
 */
export const moderationNotesFor = async (db: Db, kind: ReviewedKind, ids: ReadonlyArray<number>): Promise<ReadonlyMap<number, ReadonlyArray<ModerationNoteRow>>> => {
  const notes = new Map<number, Array<ModerationNoteRow>>()
  if (ids.length === 0) return notes
  const rows = await db
    .select()
    .from(moderationOutcomes)
    .where(and(inArray(moderationOutcomes.targetId, ids.map(String)), inArray(moderationOutcomes.place, [...PLACES_OF[kind]])))
    .orderBy(asc(moderationOutcomes.id))
  for (const row of rows) {
    const id = Number(row.targetId)
    const note: ModerationNoteRow = {
      source: row.checker,
      verdict: row.verdict === "refuse" ? "block" : "review",
      detail: [row.labels.join("、"), row.content].filter((part) => part !== "").join("：").slice(0, 200),
      created_at: unixSeconds(row.createdAt)
    }
    notes.set(id, [...(notes.get(id) ?? []), note])
  }
  return notes
}
