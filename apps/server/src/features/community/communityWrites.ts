import { and, desc, eq, gt, lt, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { communityWrites } from "../../db/schema/community.js"
import { tooMany } from "../../platform/failure.js"
import { slidingWindowWait } from "../../platform/rateWait.js"

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
  const [limitThNewest] = await tx.select({ at: communityWrites.createdAt }).from(communityWrites)
    .where(and(mine, gt(communityWrites.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(communityWrites.createdAt)).offset(write.limit - 1).limit(1)
  if (limitThNewest !== undefined) throw tooMany(write.refusal, slidingWindowWait(limitThNewest.at, HOUR_MS, now))
  await tx.delete(communityWrites).where(and(mine, lt(communityWrites.createdAt, new Date(now.getTime() - DAY_MS))))
  await tx.insert(communityWrites).values({ uid, kind, createdAt: now })
}
