import type { ProfileSetting, ProfileSettingPatch } from "@mido/core"
import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { profileSettings } from "../../db/schema/artworks.js"

/** Everything is shown until the user hides it. */
export const DEFAULT_PROFILE_SETTING: ProfileSetting = { show_likes: true, show_collections: true, show_groups: true, show_follows: true }

/** A user's switches and banner; defaults when they never changed anything. */
export const profileSettingsOf = async (db: Db, uid: number): Promise<{ readonly setting: ProfileSetting; readonly cover: string | null }> => {
  const [row] = await db.select().from(profileSettings).where(eq(profileSettings.uid, uid)).limit(1)
  if (row === undefined) return { setting: DEFAULT_PROFILE_SETTING, cover: null }
  return {
    setting: { show_likes: row.showLikes, show_collections: row.showCollections, show_groups: row.showGroups, show_follows: row.showFollows },
    cover: row.cover
  }
}

/**
 * Whether `viewer` may see a part of `owner`'s personal center: the owner always, others only when
 * the owner has not hidden it (R11).
 */
export const mayView = async (db: Db, owner: number, viewer: number | undefined, part: keyof ProfileSetting): Promise<boolean> =>
  viewer === owner || (await profileSettingsOf(db, owner)).setting[part]

/** Applies a patch of switches; absent ones stay as they are. */
export const saveProfileSettings = async (db: Db, uid: number, patch: ProfileSettingPatch, now: Date): Promise<ProfileSetting> => {
  const changes = {
    ...(patch.show_likes !== undefined ? { showLikes: patch.show_likes } : {}),
    ...(patch.show_collections !== undefined ? { showCollections: patch.show_collections } : {}),
    ...(patch.show_groups !== undefined ? { showGroups: patch.show_groups } : {}),
    ...(patch.show_follows !== undefined ? { showFollows: patch.show_follows } : {}),
    updatedAt: now
  }
  await db.insert(profileSettings).values({ uid, ...changes }).onConflictDoUpdate({ target: profileSettings.uid, set: changes })
  return (await profileSettingsOf(db, uid)).setting
}
