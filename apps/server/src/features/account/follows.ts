import type { FollowUser } from "@mido/core"
import { and, count, desc, eq, inArray, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { follows } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import { notFound } from "./accountRefusal.js"
import { createMessage } from "../messages/messages.js"
import { isMember } from "../users/userView.js"
import { unixSeconds } from "../../platform/chinaTime.js"

/**
 * Following people (spec §4: follow toggles is_follow and moves follower_count by one). The follow row
 * is the only state; counts are read from it. A new follow sends the followed user one message.
 */

export const isFollowing = async (db: Db, follower: number, followee: number) =>
  (await db.select({ one: sql`1` }).from(follows).where(and(eq(follows.followerUid, follower), eq(follows.followeeUid, followee))).limit(1)).length > 0

/**
 * Sets the follow of `follower` on `followee` (toggles when `action` is absent). Run inside the
 * request's transaction: the row and the message stay or go together. Answers the new state.
 */
export const setFollow = async (db: Db, follower: number, followee: number, action: "follow" | "unfollow" | undefined, now: Date): Promise<boolean> => {
  const people = await db.select({ uid: users.uid, nickname: users.nickname, avatar: users.avatar }).from(users)
    .where(inArray(users.uid, [follower, followee]))
  const me = people.find((person) => person.uid === follower)
  if (me === undefined || !people.some((person) => person.uid === followee)) throw notFound("用户不存在")
  const following = await isFollowing(db, follower, followee)
  const wanted = action === undefined ? !following : action === "follow"
  if (wanted && !following) {
    const added = await db.insert(follows).values({ followerUid: follower, followeeUid: followee, createdAt: now }).onConflictDoNothing().returning()
    if (added.length > 0) {
      await createMessage(db, {
        uid: followee,
        type: "follow",
        dedupeKey: `follow:${follower}`,
        createdAt: now,
        content: {
          title: "新增关注",
          content: `${me.nickname} 关注了你`,
          user_head: me.avatar,
          user_uid: me.uid,
          user_name: me.nickname,
          type: "user",
          target_id: me.uid
        }
      })
    }
  }
  if (!wanted && following) await db.delete(follows).where(and(eq(follows.followerUid, follower), eq(follows.followeeUid, followee)))
  return wanted
}

export interface FollowListQuery {
  readonly owner: number
  readonly viewer: number
  readonly type: "followee" | "follower"
  readonly page: number
  readonly size: number
  readonly now: Date
}

/** The 关注 (followee) or 粉丝 (follower) list of `owner`, newest follow first, with the viewer's buttons. */
export const followList = async (db: Db, query: FollowListQuery): Promise<{ list: Array<FollowUser>; total: number }> => {
  const listed = query.type === "followee" ? follows.followeeUid : follows.followerUid
  const ownerColumn = query.type === "followee" ? follows.followerUid : follows.followeeUid
  const where = eq(ownerColumn, query.owner)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        uid: users.uid,
        nickname: users.nickname,
        avatar: users.avatar,
        bio: users.bio,
        vipLevel: users.vipLevel,
        vipExpiredAt: users.vipExpiredAt,
        followedAt: follows.createdAt,
        artworkCount: sql<number>`(select count(*)::int from artworks a
          where a.user_uid = users.uid and a.deleted_at is null and a.is_public and a.audit_status = 'approved')`,
        followerCount: sql<number>`(select count(*)::int from follows f where f.followee_uid = users.uid)`,
        isFollow: sql<boolean>`exists (select 1 from follows f where f.follower_uid = ${query.viewer} and f.followee_uid = users.uid)`,
        followsViewer: sql<boolean>`exists (select 1 from follows f where f.follower_uid = users.uid and f.followee_uid = ${query.viewer})`
      })
      .from(follows)
      .innerJoin(users, eq(users.uid, listed))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(users.uid))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(follows).where(where)
  ])
  const list = rows.map((row): FollowUser => {
    const member = isMember(row, query.now)
    return {
      uid: row.uid,
      nickname: row.nickname,
      avatar: row.avatar,
      bio: row.bio,
      is_vip: member,
      vip_level: (member ? row.vipLevel : 0) as FollowUser["vip_level"],
      artwork_count: Number(row.artworkCount),
      follower_count: Number(row.followerCount),
      is_follow: row.isFollow,
      is_mutual: row.isFollow && row.followsViewer,
      followed_at: unixSeconds(row.followedAt)
    }
  })
  return { list, total: Number(total?.total ?? 0) }
}
