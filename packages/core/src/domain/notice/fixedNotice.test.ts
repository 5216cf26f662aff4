import { describe, expect, it } from "vitest"
import { fixedNotice, FixedNoticeTexts, hasInviter, invitedBy, invitedDetailsPath } from "./fixedNotice.js"

const invited = { invite_code: "K7QX2M", invite_user_id: 10086, invite_user_name: "画画的阿雪" }
const QR = "data:image/svg+xml;base64,PHN2Zz4="

describe("FN1 who sees the fixed notice (spec §4)", () => {
  it.each([
    ["FN1", "a visitor (also /login without a user)", null, false],
    ["FN1", "a user nobody invited", { ...invited, invite_user_id: 0, invite_user_name: "" }, false],
    ["FN1", "an invited user without an invite_code", { ...invited, invite_code: "" }, false],
    ["FN1", "an invited user whose invite_code is blank", { ...invited, invite_code: "  " }, false],
    ["FN1", "a negative inviter id", { ...invited, invite_user_id: -3 }, false],
    ["FN1", "a fractional inviter id", { ...invited, invite_user_id: 1.5 }, false],
    ["FN1", "an invited user with an invite_code", invited, true]
  ] as const)("%s %s", (_rule, _name, user, visible) => {
    expect(hasInviter(user)).toBe(visible)
    expect(fixedNotice({ user, wecomQrcode: QR, isRead: false }).visible).toBe(visible)
  })

  it("FN1 hidden means no cards and no badge", () => {
    expect(fixedNotice({ user: null, wecomQrcode: QR, isRead: false })).toEqual({ visible: false, messages: [], badgeText: "" })
  })
})

describe("FN2 the cards", () => {
  it.each([
    ["FN2", "the WeCom QR configured: its card (id 1, variant 1), then the inviter's (id 2, variant 2)", QR, [[1, 1], [2, 2]]],
    ["FN2", "no QR configured: only the inviter's message, id 2", undefined, [[2, 2]]],
    ["FN2", "a blank QR counts as none", " ", [[2, 2]]]
  ] as const)("%s %s", (_rule, _name, wecomQrcode, ids) => {
    const { messages } = fixedNotice({ user: invited, wecomQrcode, isRead: false })
    expect(messages.map((message) => [message.id, message.variant])).toEqual(ids)
  })

  it("FN2 the cards' texts: the WeCom gift and who invited the user", () => {
    const [wecom, invite] = fixedNotice({ user: invited, wecomQrcode: QR, isRead: false }).messages
    expect(wecom).toMatchObject({ title: FixedNoticeTexts.wecomTitle, summary: "扫码添加企业微信，领取免费AI学习礼包" })
    expect(invite).toMatchObject({ title: "会员折扣", summary: "画画的阿雪 邀请你加入米豆AI" })
    expect(invitedBy(" ")).toBe("好友 邀请你加入米豆AI")
  })
})

describe("FN4 the badge", () => {
  it.each([
    ["FN4", "unread, two cards", QR, false, "2"],
    ["FN4", "unread, one card", undefined, false, "1"],
    ["FN4", "read: the flag removes the badge", QR, true, ""]
  ] as const)("%s %s", (_rule, _name, wecomQrcode, isRead, badge) => {
    expect(fixedNotice({ user: invited, wecomQrcode, isRead }).badgeText).toBe(badge)
  })
})

describe("FN5 the invite variant's details link", () => {
  it.each([
    ["FN5", "the user's own code", "K7QX2M", "/invited?code=K7QX2M"],
    ["FN5", "trimmed and encoded, so it stays one query value", " A&B ", "/invited?code=A%26B"]
  ] as const)("%s %s", (_rule, _name, code, path) => {
    expect(invitedDetailsPath(code)).toBe(path)
  })
})
