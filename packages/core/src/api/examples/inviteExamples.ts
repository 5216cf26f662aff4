import type { RouteExamples } from "../Route.js"
import type { inviteRoutes } from "../routes/inviteRoutes.js"
import { OSS } from "./accountSamples.js"

/** Wire-form examples of the invite routes (docs/api.md and the decode tests; never shipped to the browser). */
export const inviteExamples: RouteExamples<typeof inviteRoutes> = {
  summary: {
    input: {},
    data: { invite_code: "K7MX2Q", invited_count: 3, rewarded_count: 1, reward_total: 500, reward_per_invitee: 500 }
  },
  invitees: {
    input: { page: "1", size: "20" },
    data: {
      list: [
        { uid: 20017, nickname: "米豆用户5531", avatar: "", joined_at_str: "2026-11-24 21:05:12", reward: 0 },
        { uid: 20009, nickname: "画画的小鹿", avatar: `${OSS}/uploads/20009/202611/e5f6a7b8.png`, joined_at_str: "2026-11-20 09:41:03", reward: 500 }
      ],
      total: 2
    }
  },
  inviter: {
    input: { code: "K7MX2Q" },
    data: { invite_code: "K7MX2Q", nickname: "星河画师", avatar: `${OSS}/uploads/20001/202611/a1b2c3d4.png`, discount: { coupon_code: "INVITE85", discount_amount: 0.85, scope: "plan,points" } }
  }
}
