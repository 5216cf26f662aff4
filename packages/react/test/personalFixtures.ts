import { envelope } from "@mido/core/testing"
import { user } from "./fixtures.js"

/** Wire-form answers of the personal center's calls for the store tests. */
const CDN = "https://cdn.mido.test"
const stat = { comment_count: 0, favorite_count: 0, like_count: 3, share_count: 0, view_count: 10 }
const setting = { show_likes: true, show_collections: false, show_groups: true, show_follows: true }

export const OTHER_UID = 30003

export const profileOf = (uid: number, self: boolean, extra: Record<string, unknown> = {}) => ({
  uid,
  nickname: self ? user.nickname : "画画的阿雪",
  avatar: `${CDN}/avatar/${uid}.png`,
  bio: "",
  is_vip: false,
  vip_level: 0,
  stat: { artwork_count: 2, artwork_like_count: 1500, artwork_view_count: 20480, followee_count: 4, follower_count: 9 },
  is_follow: false,
  is_self: self,
  setting,
  ...extra
})

export const card = (id: number, uid = OTHER_UID) => ({
  id,
  type: "sd",
  title: `作品${id}`,
  cover: `${CDN}/artwork/${id}.png`,
  width: 768,
  height: 1024,
  created_at: 1795338600,
  stat,
  user_avatar: `${CDN}/avatar/${uid}.png`,
  user_name: "画画的阿雪",
  user_uid: uid,
  is_like: false
})

export const libraryItem = (id: number, auditStatus: string) => {
  const { is_like: _like, ...face } = card(id, user.uid)
  return { ...face, library_type: face.type, audit_status: auditStatus, is_public: auditStatus === "approved" }
}

export const group = (id: number, name: string, count = 0) => ({
  id, name, description: "", cover: null, artwork_count: count, is_public: true, created_at: 1795338600
})

export const followUser = (uid: number, following: boolean) => ({
  uid,
  nickname: `粉丝${uid}`,
  avatar: `${CDN}/avatar/${uid}.png`,
  bio: "",
  is_vip: false,
  vip_level: 0,
  artwork_count: 1,
  follower_count: 2,
  is_follow: following,
  is_mutual: false,
  followed_at: 1795338600
})

export const ok = envelope
