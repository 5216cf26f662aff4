import type { RouteExamples } from "../Route.js"
import type { userRoutes } from "../routes/userRoutes.js"
import type { Profile } from "../schemas/Profile.js"
import { OSS, sampleCurrentUser } from "./accountSamples.js"
import { CDN, sampleCard } from "./artworkSamples.js"

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

/** Wire-form examples of the user routes (docs/api.md and the decode tests; never shipped to the browser). */
export const userExamples: RouteExamples<typeof userRoutes> = {
  info: { input: {}, data: sampleCurrentUser },
  edit: {
    input: { nickname: "星河画师", avatar: `${OSS}/uploads/20001/202611/a1b2c3d4.png`, bio: "喜欢用 AI 画国风山水" },
    data: sampleCurrentUser
  },
  points: { input: {}, data: { balance: 2680, today_consumed: 120, has_consumed: true } },
  coinList: {
    input: { page: "1", size: "50", type: "" },
    data: {
      list: [
        { id: 90012, remark: "AI绘画消耗", created_at_str: "2026-11-22 18:30:00", action_amount: -8 },
        { id: 90011, remark: "购买月度会员赠送", created_at_str: "2026-11-22 09:12:45", action_amount: 3000 }
      ],
      total: 2
    }
  },
  profile: { input: { uid: "10086" }, data: sampleProfile },
  followList: {
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
  },
  profileSetting: {
    input: { show_collections: false },
    data: { show_likes: true, show_collections: false, show_groups: true, show_follows: true }
  },
  follow: { input: { uid: 10086, action: "follow" }, data: { success: true } },
  collectList: { input: { page: "1", size: "20" }, data: { list: [sampleCard], total: 1 } },
  collect: { input: { target_id: 52031, target_type: "artwork" }, data: { is_collected: true, favorite_count: 87 } },
  collectBatch: {
    input: { target_ids: [52031, 52030], target_type: "artwork", action: "uncollect" },
    data: { success: true, changed: 2 }
  },
  like: { input: { target_id: 52031, target_type: "artwork" }, data: { is_like: true, like_count: 1025 } },
  changePhoneAuth: { input: { code: "385912" }, data: { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", expire_in: 600 } },
  changePhone: {
    input: { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", phone: "13912345678", code: "604217" },
    data: { phone: "139****5678" }
  }
}
