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
    summary: "The logged-in user: membership, invite fields and the masked phone (R10). Refreshed at start-up and after a plan is bought."
  }),
  edit: defineRoute({
    name: "user.edit",
    method: "POST",
    path: "/api/v1/user/edit",
    auth: "required",
    encoding: "json",
    input: UserEditPayload,
    data: CurrentUser,
    summary: "Changes the caller's nickname, avatar or signature (only these, R12); answers the updated user (payload ours: not shown)."
  }),
  points: defineRoute({
    name: "user.points",
    method: "GET",
    path: "/api/v1/user/points",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: Balance,
    summary: "The bean balance of the top bar and the beans spent today."
  }),
  coinList: defineRoute({
    name: "user.coinList",
    method: "GET",
    path: "/api/v1/user/coin/list",
    auth: "required",
    encoding: "query",
    input: LedgerQuery,
    data: Page(LedgerEntry),
    summary: "The bean ledger (米豆明细), newest first, filtered by income, expense or all (\"\"); the dialog pages by 50."
  }),
  profile: defineRoute({
    name: "user.profile",
    method: "GET",
    path: "/api/v1/open/user/profile",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ uid: QueryId }),
    data: Profile,
    summary: "A user's public profile, the head of /personal/{id}; is_follow and is_self are the viewer's (payload ours: not shown)."
  }),
  followList: defineRoute({
    name: "user.followList",
    method: "GET",
    path: "/api/v1/user/follow/list",
    auth: "required",
    encoding: "query",
    input: FollowListQuery,
    data: Page(FollowUser),
    summary: "The 关注 (followee) or 粉丝 (follower) list of the caller or of uid; empty for others' hidden lists (payload ours: not shown)."
  }),
  profileSetting: defineRoute({
    name: "user.profileSetting",
    method: "POST",
    path: "/api/v1/user/profile_setting",
    auth: "required",
    encoding: "json",
    input: ProfileSettingPatch,
    data: ProfileSetting,
    summary: "Changes what others may see on the caller's personal center; answers all the switches (payload ours: not shown)."
  }),
  follow: defineRoute({
    name: "user.follow",
    method: "POST",
    path: "/api/v1/user/follow",
    auth: "required",
    encoding: "json",
    input: FollowPayload,
    data: SuccessFlag,
    summary: "Follows or unfollows uid (toggles without action); the state changes only when data.success is true (spec §5). Following oneself is an error."
  }),
  collectList: defineRoute({
    name: "user.collectList",
    method: "GET",
    path: "/api/v1/user/collect/list",
    auth: "required",
    encoding: "query",
    input: CollectListQuery,
    data: Page(ArtworkCard),
    summary: "Artworks collected (收藏) by the caller or by uid, newest first; others' hidden collections are empty (payload ours: spec says only \"params\")."
  }),
  collect: defineRoute({
    name: "user.collect",
    method: "POST",
    path: "/api/v1/user/collect",
    auth: "required",
    encoding: "json",
    input: CollectPayload,
    data: CollectResult,
    summary: "Collects or uncollects an artwork (toggles without action); answers the new state and count (payload ours: not shown)."
  }),
  collectBatch: defineRoute({
    name: "user.collectBatch",
    method: "POST",
    path: "/api/v1/user/collect/batch",
    auth: "required",
    encoding: "json",
    input: CollectBatchPayload,
    data: CollectBatchResult,
    summary: "Collects or uncollects up to 100 artworks at once (asset library); skips ones already so (payload ours: not shown)."
  }),
  like: defineRoute({
    name: "user.like",
    method: "POST",
    path: "/api/v1/user/like",
    auth: "required",
    encoding: "json",
    input: LikePayload,
    data: LikeResult,
    summary: "Likes or unlikes an artwork (toggles without action); answers the new state and count, which the heart follows only on code 0."
  }),
  changePhoneAuth: defineRoute({
    name: "user.changePhoneAuth",
    method: "POST",
    path: "/api/v1/user/change_phone/auth",
    auth: "required",
    encoding: "json",
    input: ChangePhoneAuthPayload,
    data: ChangePhoneTicket,
    summary: "Step 1 of changing the phone (R6): the code send_user_sms sent to the current phone, for a single-use ticket (payload ours: not shown)."
  }),
  changePhone: defineRoute({
    name: "user.changePhone",
    method: "POST",
    path: "/api/v1/user/change_phone",
    auth: "required",
    encoding: "json",
    input: ChangePhonePayload,
    data: ChangePhoneResult,
    summary: "Step 2 (R6): the ticket, the new phone and the code send_bind_sms sent to it; a phone bound to another account is refused (payload ours: not shown)."
  })
} as const
