import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Page, QueryId, SuccessFlag } from "../../schemas/common.js"
import { FollowListQuery, FollowPayload } from "../../schemas/Follow.js"
import { FollowUser } from "../../schemas/FollowUser.js"
import { Profile } from "../../schemas/Profile.js"
import { ProfileSetting, ProfileSettingPatch } from "../../schemas/ProfileSetting.js"

/** Public profiles, what others may see of them, and following (the personal center). */
export const socialRoutes = {
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
  })
} as const
