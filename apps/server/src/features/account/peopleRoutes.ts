import { type Profile } from "@mido/core"
import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import type { Hono } from "hono"
import { users } from "../../db/schema/users.js"
import { followList, isFollowing, setFollow } from "./follows.js"
import { mayView, profileSettingsOf, saveProfileSettings } from "../users/profileSettings.js"
import { reactedArtworks, setCollectBatch, setReaction } from "../artworks/reactions.js"
import { userStat } from "../users/userStats.js"
import { isMember } from "../users/userView.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, notFound } from "../../platform/failure.js"

const emptyPage = { list: [], total: 0 }

/**
 * People (spec §7 user): public profiles, profile settings, follows and their lists, likes and
 * collections. Hidden parts of a personal center answer empty lists to others (R11); a user can only
 * change their own follows, likes, collections and switches (the caller's uid is in every write).
 */
export const registerPeople = (app: Hono, deps: ServerDeps) => {
  implement(app, deps, Api.user.profile, async ({ uid }, { uid: viewer }) => {
    const [user] = await deps.db.select().from(users).where(eq(users.uid, uid)).limit(1)
    if (user === undefined) throw notFound("用户不存在")
    const [stat, settings, follow] = await Promise.all([
      userStat(deps.db, uid),
      profileSettingsOf(deps.db, uid),
      viewer === undefined || viewer === uid ? Promise.resolve(false) : isFollowing(deps.db, viewer, uid)
    ])
    const member = isMember(user, deps.now())
    const profile: Profile = {
      uid: user.uid,
      nickname: user.nickname,
      avatar: user.avatar,
      bio: user.bio,
      ...(settings.cover !== null && settings.cover !== "" ? { cover: settings.cover } : {}),
      is_vip: member,
      vip_level: (member ? user.vipLevel : 0) as Profile["vip_level"],
      stat,
      is_follow: follow,
      is_self: viewer === uid,
      setting: settings.setting
    }
    return profile
  })

  implementAuthed(app, deps, Api.user.profileSetting, async (patch, { uid }) => saveProfileSettings(deps.db, uid, patch, deps.now()))

  implementAuthed(app, deps, Api.user.follow, async ({ uid: followee, action }, { uid }) => {
    if (followee === uid) throw badInput("不能关注自己")
    await deps.db.transaction((tx) => setFollow(tx, uid, followee, action, deps.now()))
    // committed: the member's kept flags on shared pages are read again (platform/viewerFlagCache.ts, every process)
    deps.viewerFlags.forgetUser(uid)
    return { success: true }
  })

  implementAuthed(app, deps, Api.user.followList, async ({ uid: owner = undefined, type, page, size }, { uid }) => {
    const whose = owner ?? uid
    if (whose !== uid) {
      const [exists] = await deps.db.select({ uid: users.uid }).from(users).where(eq(users.uid, whose)).limit(1)
      if (exists === undefined) throw notFound("用户不存在")
      if (!(await mayView(deps.db, whose, uid, "show_follows"))) return emptyPage
    }
    return followList(deps.db, { owner: whose, viewer: uid, type, page, size, now: deps.now() })
  })

  implementAuthed(app, deps, Api.user.like, async ({ target_id, action }, { uid }) => {
    const wanted = action === undefined ? undefined : action === "like"
    const outcome = await deps.db.transaction((tx) => setReaction(tx, "like", uid, target_id, wanted, deps.now()))
    deps.viewerFlags.forgetUser(uid)
    return { is_like: outcome.on, like_count: outcome.count }
  })

  implementAuthed(app, deps, Api.user.collect, async ({ target_id, action }, { uid }) => {
    const wanted = action === undefined ? undefined : action === "collect"
    const outcome = await deps.db.transaction((tx) => setReaction(tx, "collect", uid, target_id, wanted, deps.now()))
    deps.viewerFlags.forgetUser(uid)
    return { is_collected: outcome.on, favorite_count: outcome.count }
  })

  implementAuthed(app, deps, Api.user.collectBatch, async ({ target_ids, action }, { uid }) => {
    const changed = await deps.db.transaction((tx) => setCollectBatch(tx, uid, target_ids, action === "collect", deps.now()))
    deps.viewerFlags.forgetUser(uid)
    return { success: true, changed }
  })

  implementAuthed(app, deps, Api.user.collectList, async ({ uid: owner = undefined, page, size }, { uid }) => {
    const whose = owner ?? uid
    if (!(await mayView(deps.db, whose, uid, "show_collections"))) return emptyPage
    return reactedArtworks(deps.db, "collect", { owner: whose, viewer: uid, page, size })
  })
}
