import { Schema } from "effect"

/**
 * What a user decides others may see on their personal center (/personal/{id}). The owner always
 * sees everything; the server hides the rest from others (R11).
 */
export const ProfileSetting = Schema.Struct({
  show_likes: Schema.Boolean.annotations({ description: "others may open the 喜欢 tab (get_user_likes)" }),
  show_collections: Schema.Boolean.annotations({ description: "others may open the 收藏 tab" }),
  show_groups: Schema.Boolean.annotations({ description: "others may see the public 作品集" }),
  show_follows: Schema.Boolean.annotations({ description: "others may open the 关注 / 粉丝 lists" })
}).annotations({ identifier: "ProfileSetting" })
export type ProfileSetting = typeof ProfileSetting.Type

/** POST /api/v1/user/profile_setting: change any of the switches; at least one must be given. */
export const ProfileSettingPatch = Schema.partial(ProfileSetting).pipe(
  Schema.filter((patch) => Object.values(patch).some((value) => value !== undefined) || "请至少修改一项设置")
)
export type ProfileSettingPatch = typeof ProfileSettingPatch.Type
