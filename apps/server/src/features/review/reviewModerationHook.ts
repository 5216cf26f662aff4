import type { Db } from "../../db/database.js"
import type { ReviewedKind } from "./reviewNotices.js"

/** An automatic check's verdict on an item, as the queue shows it beside the item (ReviewItem.moderation). */
export interface ModerationNoteRow {
  readonly source: string
  readonly verdict: "pass" | "review" | "block"
  readonly detail: string
  readonly created_at: number
}

/**
 * HOOK for the ContentModeration port (issue 29 part 2, built apart): its outcome rows, by item id, for
 * the queue to show. The port's table had not landed when the queue was built, so this answers none;
 * wiring it is one query here (select the outcomes of `kind` among `ids`), nothing else changes.
 */
export const moderationNotesFor = async (_db: Db, _kind: ReviewedKind, _ids: ReadonlyArray<number>): Promise<ReadonlyMap<number, ReadonlyArray<ModerationNoteRow>>> =>
  new Map()
