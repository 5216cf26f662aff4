import { count, desc } from "drizzle-orm"
import { chinaDateTime } from "../../platform/chinaTime.js"
import type { Db } from "../../db/database.js"
import { moderationOutcomes, type ModerationVerdictColumn } from "../../db/schema/moderation.js"

/** What an outcome keeps of a text: enough for a reviewer to see why, not a whole article. */
const CONTENT_KEPT = 500

export interface Outcome {
  readonly uid: number
  /** where the text or image was going (TextPlace, ImagePlace) */
  readonly place: string
  /** the thing it belongs to when there is one (an artwork id) */
  readonly targetId?: string
  /** the text, or the image's address */
  readonly content: string
  readonly verdict: ModerationVerdictColumn
  readonly labels: ReadonlyArray<string>
  /** "wordlist", "aliyun"…: which check said so */
  readonly checker: string
  readonly at: Date
}

/**
 * MO7: a refused or flagged text or image is written down for the review queue (who, where, what,
 * verdict, labels, which check, when). Passes are not: every prompt would be. Written outside the
 * refused write's transaction (that one never starts, or rolls back), so the record stays.
 */
export const recordOutcome = async (db: Db, outcome: Outcome): Promise<void> => {
  await db.insert(moderationOutcomes).values({
    uid: outcome.uid,
    place: outcome.place,
    targetId: outcome.targetId ?? null,
    content: [...outcome.content].slice(0, CONTENT_KEPT).join(""),
    verdict: outcome.verdict,
    labels: [...outcome.labels],
    checker: outcome.checker,
    createdAt: outcome.at
  })
}

/** The newest outcomes first, a page of them, for the review queue (@mido/core/admin ModerationOutcome). */
export const outcomePage = async (db: Db, page: number, size: number) => {
  const rows = await db.select().from(moderationOutcomes).orderBy(desc(moderationOutcomes.id)).limit(size).offset((page - 1) * size)
  const [counted] = await db.select({ total: count() }).from(moderationOutcomes)
  return {
    list: rows.map((row) => ({
      id: row.id,
      uid: row.uid,
      place: row.place,
      target_id: row.targetId,
      content: row.content,
      verdict: row.verdict,
      labels: row.labels,
      checker: row.checker,
      created_at_str: chinaDateTime(row.createdAt)
    })),
    total: counted?.total ?? 0
  }
}
