import type { ReminderType } from "./Reminder.js"

/** Where a reminder button leads: the purchase dialog on its plan or bean tab, or the invite page. */
export type ReminderAction =
  | { readonly kind: "purchase"; readonly tab: "plan" | "points" }
  | { readonly kind: "navigate"; readonly to: "/invite-info" }

export interface ReminderButton {
  readonly label: string
  readonly action: ReminderAction
}

export interface ReminderContent {
  readonly title: string
  readonly body: string
  /** The primary button first. */
  readonly buttons: ReadonlyArray<ReminderButton>
}

const joinMembership: ReminderButton = { label: "开通会员", action: { kind: "purchase", tab: "plan" } }
const renewMembership: ReminderButton = { label: "续费会员", action: { kind: "purchase", tab: "plan" } }
const buyBeans: ReminderButton = { label: "购买米豆", action: { kind: "purchase", tab: "points" } }
const inviteFriends: ReminderButton = { label: "邀请好友得米豆", action: { kind: "navigate", to: "/invite-info" } }

const INVITE_LINE = "邀请好友还可获得米豆奖励。"
const MEMBER_PERKS = "开通会员即可获赠米豆，并享受会员专属权益；"

/**
 * RM6: the wording for each type, for members and for everyone else. Members already have a plan,
 * so they are offered beans (types 1, 2) or renewal (type 3); non-members are offered a membership,
 * which comes with beans (the top bar's own pitch is 开通会员，得米豆). Every reminder also offers
 * the invite programme, the free way to earn beans. Type 3 is only ever due for members; its
 * non-member text is the plain membership pitch, so the function is total.
 */
const CONTENT: Readonly<Record<ReminderType, { readonly member: ReminderContent; readonly nonMember: ReminderContent }>> = {
  1: {
    member: {
      title: "米豆余额不足",
      body: `您的米豆余额即将用完，为免影响创作，请及时购买米豆补充。${INVITE_LINE}`,
      buttons: [buyBeans, inviteFriends]
    },
    nonMember: {
      title: "米豆余额不足",
      body: `您的米豆余额即将用完。${MEMBER_PERKS}${INVITE_LINE}`,
      buttons: [joinMembership, inviteFriends]
    }
  },
  2: {
    member: {
      title: "今日米豆消耗较多",
      body: `您今天已消耗较多米豆，为保证后续创作不中断，建议提前购买米豆。${INVITE_LINE}`,
      buttons: [buyBeans, inviteFriends]
    },
    nonMember: {
      title: "今日米豆消耗较多",
      body: `您今天已消耗较多米豆。${MEMBER_PERKS}${INVITE_LINE}`,
      buttons: [joinMembership, inviteFriends]
    }
  },
  3: {
    member: {
      title: "会员即将到期",
      body: `您的会员即将到期，到期后将无法继续享受会员专属权益。及时续费，创作不中断。${INVITE_LINE}`,
      buttons: [renewMembership, inviteFriends]
    },
    nonMember: {
      title: "开通会员，得米豆",
      body: `您当前还不是会员。${MEMBER_PERKS}${INVITE_LINE}`,
      buttons: [joinMembership, inviteFriends]
    }
  }
}

/** RM6: title, body and buttons of a reminder for a member (is_vip) or a non-member. */
export const reminderContent = (type: ReminderType, isMember: boolean): ReminderContent =>
  isMember ? CONTENT[type].member : CONTENT[type].nonMember
