import type { Db } from "../../db/database.js"

/** Where a user's text will be shown to others; a content check may treat each differently. */
export type PublicTextPlace = "bio" | "nickname"

export interface PublicText {
  readonly uid: number
  readonly place: PublicTextPlace
  /** already normalized and within its length rule (the route's schema) */
  readonly text: string
}

/**
 * The one door a user's public text passes before it is stored (issue 25: moderation-ready). Today
 * every text passes as it is; a content check (a sensitive-word list, a provider's review, a queue
 * for moderators) plugs in here, answering the text to store or throwing the caller feature's
 * refusal with a Chinese msg. `db` is for such a check's own tables (its word list, its log).
 */
export const checkPublicText = async (_db: Db, input: PublicText): Promise<string> => input.text
