import { Schema } from "effect"
import { defineRoute } from "../Route.js"
import { Balance } from "../schemas/Balance.js"
import { ChangePhoneAuthPayload, ChangePhonePayload, ChangePhoneResult, ChangePhoneTicket } from "../schemas/ChangePhone.js"
import { CollectBatchPayload, CollectBatchResult, CollectListQuery, CollectPayload, CollectResult } from "../schemas/Collect.js"
import { ArtworkCard } from "../schemas/ArtworkCard.js"
import { Page, QueryId, SuccessFlag } from "../schemas/common.js"
import { FollowListQuery, FollowPayload } from "../schemas/Follow.js"
import { FollowUser } from "../schemas/FollowUser.js"
import { LedgerEntry, LedgerQuery } from "../schemas/LedgerEntry.js"
import { LikePayload, LikeResult } from "../schemas/Like.js"
import { Profile } from "../schemas/Profile.js"
import { ProfileSetting, ProfileSettingPatch } from "../schemas/ProfileSetting.js"
import { UserEditPayload } from "../schemas/UserEdit.js"
import { CurrentUser } from "../schemas/UserInfo.js"
import { OSS, sampleCurrentUser } from "./examples/accountSamples.js"
import { CDN, sampleCard } from "./examples/artworkSamples.js"

const sampleProfile: typeof Profile.Encoded = {
  uid: 10086,
  nickname: "画画的阿雪",
  avatar: `${CDN}/avatar/10086.png`,
  bio: "国风插画 / SD 炼丹爱好者",
  cover: `${CDN}/cover/10086.png`,
  is_vip: true,
  vip_level: 3,
  stat: { artwork_count: 328, artwork_like_count: 56012, artwork_view_count: 1203344, followee_count: 41, follower_count: 8812 },
  is_follow: true,
  is_self: false,
  setting: { show_likes: true, show_collections: false, show_groups: true, show_follows: true }
}

/** Spec §7 "User and account". Paths are the spec's; payloads it leaves "not shown" are ours (see summaries). */
export const userRoutes = {
  info: defineRoute({
    name: "user.info",
    method: "GET",
    path: "/api/v1/user/info",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: CurrentUser,
    summary: "The logged-in user: membership, invite fields and the masked phone (R10). Refreshed at start-up and after a plan is bought.",
    example: { input: {}, data: sampleCurrentUser }
  }),
  edit: defineRoute({
    name: "user.edit",
    method: "POST",
    path: "/api/v1/user/edit",
    auth: "required",
    encoding: "json",
    input: UserEditPayload,
    data: CurrentUser,
    summary: "Changes the caller's nickname, avatar or signature (only these, R12); answers the updated user (payload ours: not shown).",
    example: {
      input: { nickname: "星河画师", avatar: `${OSS}/uploads/20001/202611/a1b2c3d4.png`, bio: "喜欢用 AI 画国风山水" },
      data: sampleCurrentUser
    }
  }),
  points: defineRoute({
    name: "user.points",
    method: "GET",
    path: "/api/v1/user/points",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: Balance,
    summary: "The bean balance of the top bar and the beans spent today.",
    example: { input: {}, data: { balance: 2680, today_consumed: 120 } }
  }),
  coinList: defineRoute({
    name: "user.coinList",
    method: "GET",
    path: "/api/v1/user/coin/list",
    auth: "required",
    encoding: "query",
    input: LedgerQuery,
    data: Page(LedgerEntry),
    summary: "The bean ledger (米豆明细), newest first, filtered by income, expense or all (\"\"); the dialog pages by 50.",
    example: {
      input: { page: "1", size: "50", type: "" },
      data: {
        list: [
          { id: 90012, remark: "AI绘画消耗", created_at_str: "2026-11-22 18:30:00", action_amount: -8 },
          { id: 90011, remark: "购买月度会员赠送", created_at_str: "2026-11-22 09:12:45", action_amount: 3000 }
        ],
        total: 2
      }
    }
  }),
  profile: defineRoute({
    name: "user.profile",
    method: "GET",
    path: "/api/v1/open/user/profile",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ uid: QueryId }),
    data: Profile,
    summary: "A user's public profile, the head of /personal/{id}; is_follow and is_self are the viewer's (payload ours: not shown).",
    example: { input: { uid: "10086" }, data: sampleProfile }
  }),
  followList: defineRoute({
    name: "user.followList",
    method: "GET",
    path: "/api/v1/user/follow/list",
    auth: "required",
    encoding: "query",
    input: FollowListQuery,
    data: Page(FollowUser),
    summary: "The 关注 (followee) or 粉丝 (follower) list of the caller or of uid; empty for others' hidden lists (payload ours: not shown).",
    example: {
      input: { page: "1", size: "20", uid: "10086", type: "follower" },
      data: {
        list: [
          {
            uid: 20001,
            nickname: "星河画师",
            avatar: sampleCurrentUser.avatar,
            bio: "喜欢用 AI 画国风山水",
            is_vip: true,
            vip_level: 2,
            artwork_count: 57,
            follower_count: 312,
            is_follow: true,
            is_mutual: true,
            followed_at: 1795338600
          }
        ],
        total: 1
      }
    }
  }),
  profileSetting: defineRoute({
    name: "user.profileSetting",
    method: "POST",
    path: "/api/v1/user/profile_setting",
    auth: "required",
    encoding: "json",
    input: ProfileSettingPatch,
    data: ProfileSetting,
    summary: "Changes what others may see on the caller's personal center; answers all the switches (payload ours: not shown).",
    example: {
      input: { show_collections: false },
      data: { show_likes: true, show_collections: false, show_groups: true, show_follows: true }
    }
  }),
  follow: defineRoute({
    name: "user.follow",
    method: "POST",
    path: "/api/v1/user/follow",
    auth: "required",
    encoding: "json",
    input: FollowPayload,
    data: SuccessFlag,
    summary: "Follows or unfollows uid (toggles without action); the state changes only when data.success is true (spec §5). Following oneself is an error.",
    example: { input: { uid: 10086, action: "follow" }, data: { success: true } }
  }),
  collectList: defineRoute({
    name: "user.collectList",
    method: "GET",
    path: "/api/v1/user/collect/list",
    auth: "required",
    encoding: "query",
    input: CollectListQuery,
    data: Page(ArtworkCard),
    summary: "Artworks collected (收藏) by the caller or by uid, newest first; others' hidden collections are empty (payload ours: spec says only \"params\").",
    example: { input: { page: "1", size: "20" }, data: { list: [sampleCard], total: 1 } }
  }),
  collect: defineRoute({
    name: "user.collect",
    method: "POST",
    path: "/api/v1/user/collect",
    auth: "required",
    encoding: "json",
    input: CollectPayload,
    data: CollectResult,
    summary: "Collects or uncollects an artwork (toggles without action); answers the new state and count (payload ours: not shown).",
    example: { input: { target_id: 52031, target_type: "artwork" }, data: { is_collected: true, favorite_count: 87 } }
  }),
  collectBatch: defineRoute({
    name: "user.collectBatch",
    method: "POST",
    path: "/api/v1/user/collect/batch",
    auth: "required",
    encoding: "json",
    input: CollectBatchPayload,
    data: CollectBatchResult,
    summary: "Collects or uncollects up to 100 artworks at once (asset library); skips ones already so (payload ours: not shown).",
    example: {
      input: { target_ids: [52031, 52030], target_type: "artwork", action: "uncollect" },
      data: { success: true, changed: 2 }
    }
  }),
  like: defineRoute({
    name: "user.like",
    method: "POST",
    path: "/api/v1/user/like",
    auth: "required",
    encoding: "json",
    input: LikePayload,
    data: LikeResult,
    summary: "Likes or unlikes an artwork (toggles without action); answers the new state and count, which the heart follows only on code 0.",
    example: { input: { target_id: 52031, target_type: "artwork" }, data: { is_like: true, like_count: 1025 } }
  }),
  changePhoneAuth: defineRoute({
    name: "user.changePhoneAuth",
    method: "POST",
    path: "/api/v1/user/change_phone/auth",
    auth: "required",
    encoding: "json",
    input: ChangePhoneAuthPayload,
    data: ChangePhoneTicket,
    summary: "Step 1 of changing the phone (R6): the code send_user_sms sent to the current phone, for a single-use ticket (payload ours: not shown).",
    example: { input: { code: "385912" }, data: { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", expire_in: 600 } }
  }),
  changePhone: defineRoute({
    name: "user.changePhone",
    method: "POST",
    path: "/api/v1/user/change_phone",
    auth: "required",
    encoding: "json",
    input: ChangePhonePayload,
    data: ChangePhoneResult,
    summary: "Step 2 (R6): the ticket, the new phone and the code send_bind_sms sent to it; a phone bound to another account is refused (payload ours: not shown).",
    example: {
      input: { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", phone: "13912345678", code: "604217" },
      data: { phone: "139****5678" }
    }
  })
} as const
