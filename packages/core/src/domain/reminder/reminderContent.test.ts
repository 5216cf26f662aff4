import { describe, expect, it } from "vitest"
import { reminderTypes, type ReminderType } from "./Reminder.js"
import { reminderContent } from "./reminderContent.js"

const plan = { kind: "purchase", tab: "plan" }
const points = { kind: "purchase", tab: "points" }
const invite = { label: "邀请好友得米豆", action: { kind: "navigate", to: "/invite-info" } }

describe("RM6 reminder wording and buttons", () => {
  it.each([
    ["RM6", "beans low, member", 1, true, "米豆余额不足", [{ label: "购买米豆", action: points }, invite]],
    ["RM6", "beans low, non-member", 1, false, "米豆余额不足", [{ label: "开通会员", action: plan }, invite]],
    ["RM6", "high daily use, member", 2, true, "今日米豆消耗较多", [{ label: "购买米豆", action: points }, invite]],
    ["RM6", "high daily use, non-member", 2, false, "今日米豆消耗较多", [{ label: "开通会员", action: plan }, invite]],
    ["RM6", "expiring, member", 3, true, "会员即将到期", [{ label: "续费会员", action: plan }, invite]],
    ["RM6", "expiring, non-member (never due; the plain pitch)", 3, false, "开通会员，得米豆", [{ label: "开通会员", action: plan }, invite]]
  ] as const)("%s %s", (_rule, _name, type, isMember, title, buttons) => {
    const content = reminderContent(type, isMember)
    expect(content.title).toBe(title)
    expect(content.buttons).toEqual(buttons)
  })

  it.each(reminderTypes.map((type) => ["RM6", `type ${type}`, type] as const))(
    "%s %s: members are never asked to join, non-members always are",
    (_rule, _name, type: ReminderType) => {
      expect(reminderContent(type, true).body).not.toContain("开通会员")
      expect(reminderContent(type, false).body).toContain("开通会员")
      for (const isMember of [true, false]) expect(reminderContent(type, isMember).body).toContain("邀请好友")
    }
  )

  it("RM6 the bodies say what happened", () => {
    expect(reminderContent(1, true).body).toBe("您的米豆余额即将用完，为免影响创作，请及时购买米豆补充。邀请好友还可获得米豆奖励。")
    expect(reminderContent(2, false).body).toBe("您今天已消耗较多米豆。开通会员即可获赠米豆，并享受会员专属权益；邀请好友还可获得米豆奖励。")
    expect(reminderContent(3, true).body).toContain("即将到期")
  })
})
