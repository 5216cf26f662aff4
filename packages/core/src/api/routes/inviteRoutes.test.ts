import { describeRoutes } from "../../testing/describeRoutes.js"
import { inviteExamples } from "../examples/inviteExamples.js"
import { inviteRoutes } from "./inviteRoutes.js"

const invitee = { uid: 20017, nickname: "米豆用户5531", avatar: "", joined_at_str: "2026-11-24 21:05:12", reward: 0 }

describeRoutes("invite", inviteRoutes, inviteExamples, {
  summary: { malformed: [{ invite_code: "K7MX2Q", invited_count: -1, rewarded_count: 0, reward_total: 0, reward_per_invitee: 0 }, { invite_code: "K7MX2Q" }] },
  invitees: {
    malformed: [{ list: [{ ...invitee, uid: 0 }], total: 1 }, { list: [{ ...invitee, reward: -5 }], total: 1 }],
    badInputs: [{ size: "0" }, { size: "51" }, { page: "0" }]
  },
  inviter: {
    malformed: [
      { invite_code: "K7MX2Q", nickname: "x", avatar: "", discount: { coupon_code: "I", discount_amount: 1.2, scope: "plan" } },
      { invite_code: "K7MX2Q", nickname: "x", avatar: "", discount: { coupon_code: "I", discount_amount: 0.85, scope: "all" } }
    ],
    badInputs: [{}, { code: "" }, { code: "ab" }, { code: "<script>" }, { code: "A".repeat(33) }]
  }
})
