import { Schema } from "effect"
import type { UnreadCounts as DomainUnreadCounts } from "../../domain/message/unreadCounts.js"

const Count = Schema.Int.pipe(Schema.nonNegative())

/** GET /api/v1/user/message/unread_count (spec §3): the total and one count per drawer tab. */
export const UnreadCounts = Schema.Struct({
  total: Count.annotations({ description: "all unread messages; the gift badge shows 99+ above 99" }),
  system: Count,
  mention: Count,
  like: Count,
  follow: Count
}) satisfies Schema.Schema<DomainUnreadCounts>
export type UnreadCounts = typeof UnreadCounts.Type
