import { and, eq, lt, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { communityWrites } from "../../db/schema/community.js"
import { tooMany } from "../../platform/failure.js"
import { windowRowsWait } from "../../platform/windowRows.js"

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export type CommunityWriteKind = "post" | "comment"

/**
 * R37's hourly limit on what a user writes (each post or comment may notify up to 10 people): in the
 * caller's transaction, one user's writes of a kind are decided one at a time (an advisory lock, so
 * parallel requests cannot all pass), the limit-th newest write of the hour refuses with the wait until
 * it leaves the hour, and otherwise the write is logged. The log outlives deletes: posting and
 * deleting in a loop does not reset the count. The writer's rows older than a day are pruned here.
 */
export const recordCommunityWrite = async (
  tx: Db,
  write: { readonly uid: number; readonly kind: CommunityWriteKind; readonly limit: number; readonly refusal: string; readonly now: Date }
): Promise<void> => {
  const { uid, kind, now } = write
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mido.write.${kind}.${uid}`}, 0))`)
  const mine = and(eq(communityWrites.uid, uid), eq(communityWrites.kind, kind))
  const wait = await windowRowsWait(tx, { table: communityWrites, at: communityWrites.createdAt, where: mine, limit: write.limit, windowMs: HOUR_MS }, now)
  if (wait !== undefined) throw tooMany(write.refusal, wait)
  await tx.delete(communityWrites).where(and(mine, lt(communityWrites.createdAt, new Date(now.getTime() - DAY_MS))))
  await tx.insert(communityWrites).values({ uid, kind, createdAt: now })
}
