import type { Artwork } from "../schemas/Artwork.js"
import type { ArtworkCard } from "../schemas/ArtworkCard.js"
import type { LibraryArtwork } from "../schemas/LibraryArtwork.js"
import type { UserBrief } from "../schemas/UserBrief.js"

/** Wire-form samples shared by the examples of the artwork and community routes (docs/api.md). */
export const CDN = "https://cdn.mido.example.com"

export const sampleStat = { comment_count: 12, favorite_count: 86, like_count: 1024, share_count: 7, view_count: 20480 }

export const sampleAuthor: typeof UserBrief.Encoded = {
  uid: 10086,
  nickname: "画画的阿雪",
  avatar: `${CDN}/avatar/10086.png`,
  is_vip: true
}

const untitledCard: typeof ArtworkCard.Encoded = {
  id: 52031,
  type: "sd",
  cover: `${CDN}/artwork/2026/11/52031.png`,
  width: 768,
  height: 1024,
  created_at: 1795338600,
  stat: sampleStat,
  user_avatar: sampleAuthor.avatar,
  user_name: sampleAuthor.nickname,
  user_uid: sampleAuthor.uid,
  is_like: false
}

export const sampleCard: typeof ArtworkCard.Encoded = { ...untitledCard, title: "江南烟雨" }

export const sampleQuickCard: typeof ArtworkCard.Encoded = {
  ...untitledCard,
  id: 52030,
  type: "quick",
  cover: `${CDN}/artwork/2026/11/52030.png`,
  width: 1024,
  height: 1024,
  is_like: true
}

export const sampleSdArtwork: typeof Artwork.Encoded = {
  ...sampleCard,
  type: "sd",
  parameters: {
    prompt: "masterpiece, best quality, 江南水乡, 烟雨, 石桥, 油纸伞少女, ink wash painting",
    negative_prompt: "lowres, bad anatomy, watermark",
    models: [
      { type: "Checkpoint", name: "国风水墨 v3", files: [{ name: "guofeng_ink_v3.safetensors" }] },
      { type: "LoRA", name: "油纸伞", files: [{ name: "oilpaper_umbrella.safetensors" }] }
    ],
    args: [
      { key: "steps", title: "Steps", value: 30 },
      { key: "sampler", title: "Sampler", value: "DPM++ 2M" },
      { key: "schedule_type", title: "Schedule type", value: "Karras" },
      { key: "cfg_scale", title: "CFG scale", value: 7 },
      { key: "size", title: "Size", value: "768x1024" },
      { key: "seed", title: "Seed", value: 1234567890 }
    ]
  },
  user_stat: { artwork_count: 328, artwork_like_count: 56012, artwork_view_count: 1203344, followee_count: 41, follower_count: 8812 },
  is_collected: false,
  is_follow: true,
  is_like: false,
  is_owner: false
}

const { is_like: _isLike, ...untitledFace } = untitledCard

export const sampleLibraryItem: typeof LibraryArtwork.Encoded = {
  ...untitledFace,
  id: 60112,
  cover: `${CDN}/artwork/2026/11/60112.png`,
  stat: { comment_count: 0, favorite_count: 0, like_count: 0, share_count: 0, view_count: 0 },
  library_type: "sd",
  audit_status: "draft",
  is_public: false
}
