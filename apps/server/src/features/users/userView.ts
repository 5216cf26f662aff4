import type { CurrentUser } from "@mido/core"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { maskPhone } from "../../platform/maskPhone.js"
import type { users } from "../../db/schema/users.js"

type UserRow = typeof users.$inferSelect

export const VIP_NAMES: Readonly<Record<number, string>> = { 1: "体验会员", 2: "月度会员", 3: "年度会员" }

export const isMember = (row: Pick<UserRow, "vipLevel" | "vipExpiredAt">, now: Date) =>
  row.vipLevel > 0 && row.vipExpiredAt !== null && row.vipExpiredAt > now

/** The logged-in user as user/info answers it (spec §3). */
export const toCurrentUser = (row: UserRow, inviterName: string, now: Date): CurrentUser => {
  const member = isMember(row, now)
  return {
    uid: row.uid,
    avatar: row.avatar,
    nickname: row.nickname,
    is_vip: member,
    vip_level: (member ? row.vipLevel : 0) as CurrentUser["vip_level"],
    vip_name: member ? (VIP_NAMES[row.vipLevel] ?? "") : "",
    vip_expired_at_str: member && row.vipExpiredAt !== null ? chinaDateTime(row.vipExpiredAt) : "",
    invite_code: row.inviteCode,
    invite_user_id: row.invitedBy ?? 0,
    invite_user_name: inviterName,
    nid: row.nid,
    phone: maskPhone(row.phone),
    bio: row.bio
  }
}
