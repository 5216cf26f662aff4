import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CurrentUser } from "../schemas/UserInfo.js"
import { UserEditPayload } from "../schemas/UserEdit.js"
import { sampleCurrentUser } from "../examples/accountSamples.js"
import { userRoutes } from "./userRoutes.js"
import { userExamples } from "../examples/userExamples.js"
import { describeRoutes } from "../../testing/describeRoutes.js"

const { info, edit } = userRoutes

describeRoutes("user", userRoutes, userExamples, {
  info: {
    malformed: [
      null,
      { ...sampleCurrentUser, uid: -1 },
      { ...sampleCurrentUser, vip_level: 4 },
      { ...sampleCurrentUser, phone: "13800000000" }
    ]
  },
  edit: {
    malformed: [{ ...sampleCurrentUser, is_vip: "yes" }],
    badInputs: [
      {},
      { nickname: "   " },
      { nickname: "一二三四五六七八九十一二三四五六七八九十一" },
      { bio: "长".repeat(101) },
      { bio: "一\n二\n三\n四" },
      { avatar: "javascript:alert(1)" },
      { nickname: "小明", vip_level: 3 },
      { nickname: "小明", balance: 99999 }
    ]
  },
  points: {
    malformed: [{ balance: 10.5, today_consumed: 0 }, { balance: -1, today_consumed: 0 }, { balance: 10 }]
  },
  coinList: {
    malformed: [{ list: [{ id: 1, remark: "x", created_at_str: "2026-11-22 18:30:00", action_amount: 1.5 }], total: 1 }, { list: [] }],
    badInputs: [{ page: "0" }, { page: "-1" }, { size: "101" }, { size: "abc" }, { type: "refund" }]
  },
  profile: {
    malformed: [{ uid: 10086, nickname: "画画的阿雪" }],
    badInputs: [{}, { uid: "-5" }, { uid: "0" }, { uid: "abc" }]
  },
  followList: {
    malformed: [{ list: [{ uid: "x" }], total: 1 }],
    badInputs: [{ type: "fans" }, { uid: "-1" }, { size: "1000" }]
  },
  profileSetting: {
    malformed: [{ show_likes: "yes" }],
    badInputs: [{}, { show_likes: "true" }, { show_likes: true, is_vip: true }]
  },
  follow: {
    malformed: [{}, { success: "ok" }, null],
    badInputs: [{}, { uid: -3 }, { uid: 0 }, { uid: 1.5 }, { uid: 7, action: "block" }]
  },
  collectList: {
    malformed: [{ list: [{ id: 1 }], total: 1 }],
    badInputs: [{ page: "-2" }, { uid: "abc" }]
  },
  collect: {
    malformed: [{ is_collected: true }, { is_collected: true, favorite_count: -1 }],
    badInputs: [{ target_id: 1, target_type: "post" }, { target_id: -1, target_type: "artwork" }]
  },
  collectBatch: {
    malformed: [{ changed: 1 }],
    badInputs: [
      { target_ids: [], target_type: "artwork", action: "collect" },
      { target_ids: Array.from({ length: 101 }, (_, index) => index + 1), target_type: "artwork", action: "collect" },
      { target_ids: [1, -2], target_type: "artwork", action: "collect" },
      { target_ids: [1], target_type: "artwork" }
    ]
  },
  like: {
    malformed: [{ is_like: true, like_count: "12" }, { is_like: 1, like_count: 12 }],
    badInputs: [{ target_id: 1 }, { target_id: -1, target_type: "artwork" }, { target_id: 1, target_type: "artwork", like_count: 99 }]
  },
  changePhoneAuth: {
    malformed: [{ ticket: "short", expire_in: 600 }, { ticket: "cpt_8f3kQ2xLm9Vb7Rt1" }],
    badInputs: [{}, { code: "" }, { code: "12345" }, { code: "abcdef" }]
  },
  changePhone: {
    malformed: [{ phone: "13912345678" }, {}],
    badInputs: [
      { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", phone: "1391234567", code: "604217" },
      { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", phone: "23912345678", code: "604217" },
      { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", phone: "13912345678", code: "" },
      { ticket: "", phone: "13912345678", code: "604217" }
    ]
  }
})

describe("user schemas", () => {
  it("R10: the current user's phone is masked; a full number does not decode", () => {
    expect(Schema.decodeUnknownSync(info.data)(sampleCurrentUser).phone).toBe("138****0000")
    expect(Either.isLeft(Schema.decodeUnknownEither(CurrentUser)({ ...sampleCurrentUser, phone: "13800000000" }))).toBe(true)
  })

  it("vip_expired_at_str may be absent or null for non-members", () => {
    const { vip_expired_at_str: _, ...withoutExpiry } = sampleCurrentUser
    const user = Schema.decodeUnknownSync(CurrentUser)({ ...withoutExpiry, is_vip: false, vip_level: 0, vip_name: "" })
    expect(user.vip_expired_at_str).toBeNull()
  })

  it("edit trims what the user typed and shows Chinese messages", () => {
    expect(Schema.decodeUnknownSync(edit.input)({ nickname: "  星河画师 " })).toEqual({ nickname: "星河画师" })
    const tooLong = Schema.decodeUnknownEither(UserEditPayload)({ nickname: "长".repeat(21) })
    expect(Either.isLeft(tooLong) && tooLong.left.message).toContain("昵称不能超过 20 个字")
  })

  it("edit normalizes the bio (PB1) and refuses it past PB2 with the dialog's words", () => {
    expect(Schema.decodeUnknownSync(edit.input)({ bio: "  插画师\r\n\n\n米豆AI 早期用户 " })).toEqual({ bio: "插画师\n米豆AI 早期用户" })
    expect(Schema.decodeUnknownSync(edit.input)({ bio: "🐱".repeat(100) })).toEqual({ bio: "🐱".repeat(100) })
    const tooLong = Schema.decodeUnknownEither(UserEditPayload)({ bio: "长".repeat(101) })
    expect(Either.isLeft(tooLong) && tooLong.left.message).toContain("个人简介不能超过 100 个字")
    const tooTall = Schema.decodeUnknownEither(UserEditPayload)({ bio: "一\n二\n三\n四" })
    expect(Either.isLeft(tooTall) && tooTall.left.message).toContain("个人简介最多 3 行")
  })
})
