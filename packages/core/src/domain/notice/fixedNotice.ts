import { formatBadge } from "../format/formatBadge.js"

/** What the fixed notice reads of the current user (spec §3 current user). */
export interface FixedNoticeUser {
  readonly invite_code: string
  readonly invite_user_id: number
  readonly invite_user_name: string
}

/** The fixed notice's two dialogs (spec §2): 1 the WeCom QR code, 2 the inviter's member discount. */
export type FixedNoticeVariant = 1 | 2

/** One card of the fixed notice's panel; a click opens the dialog of its variant. */
export interface FixedNoticeMessage {
  readonly id: number
  readonly variant: FixedNoticeVariant
  readonly title: string
  readonly summary: string
}

/** FN2: the message of the WeCom QR code (variant 1) and the inviter's discount (variant 2, spec §4 "id 2"). */
export const FIXED_NOTICE_WECOM_ID = 1
export const FIXED_NOTICE_INVITE_ID = 2

/** The texts of the fixed notice's cards and dialogs (spec §2), in one place. */
export const FixedNoticeTexts = {
  button: "福利消息",
  wecomTitle: "免费AI学习礼包",
  wecomSummary: "扫码添加企业微信，领取免费AI学习礼包",
  wecomScan: "扫码添加企业微信",
  wecomGift: "免费领取AI学习礼包",
  wecomJoined: "已加入训练营的用户无需重复添加",
  wecomAction: "参与活动",
  inviteTitle: "会员折扣",
  inviteBody: "您是受好友邀请注册的用户，购买会员或米豆可享专属折扣优惠。",
  inviteAction: "查看详情"
} as const

/** The invite variant's card: who invited the user. */
export const invitedBy = (inviterName: string): string => `${inviterName.trim() === "" ? "好友" : inviterName.trim()} 邀请你加入米豆AI`

/** FN1 (spec §4): the notice needs an inviter (invite_user_id > 0) and the user's own invite_code. */
export const hasInviter = (user: FixedNoticeUser | null | undefined): user is FixedNoticeUser =>
  user !== null && user !== undefined && Number.isSafeInteger(user.invite_user_id) && user.invite_user_id > 0 && user.invite_code.trim() !== ""

export interface FixedNoticeInput {
  /** The logged-in user, or null (a visitor, or the user not known yet). */
  readonly user: FixedNoticeUser | null
  /** config.wecom.promotion.qrcode (CF1), undefined when not configured. */
  readonly wecomQrcode: string | undefined
  /** The persisted isReadFixedMessage flag (spec §3). */
  readonly isRead: boolean
}

export interface FixedNoticeState {
  /** FN1, FN3: the floating gift button is on screen. */
  readonly visible: boolean
  /** FN2: the cards, in id order. */
  readonly messages: ReadonlyArray<FixedNoticeMessage>
  /** FN4: the red badge: the pending count until the cards were read, then "" (hidden). */
  readonly badgeText: string
}

const HIDDEN: FixedNoticeState = { visible: false, messages: [], badgeText: "" }

/**
 * FN1–FN4 (spec §2, §4, §6): the fixed notice. Hidden without a user (a visitor, /login without a user),
 * and for a user without an inviter or invite code; then the cards are the WeCom QR code's (when the
 * config has one) and the inviter's discount (id 2), and the badge counts them until they were read.
 */
export const fixedNotice = ({ user, wecomQrcode, isRead }: FixedNoticeInput): FixedNoticeState => {
  if (!hasInviter(user)) return HIDDEN
  const messages: Array<FixedNoticeMessage> = []
  if (wecomQrcode !== undefined && wecomQrcode.trim() !== "") {
    messages.push({ id: FIXED_NOTICE_WECOM_ID, variant: 1, title: FixedNoticeTexts.wecomTitle, summary: FixedNoticeTexts.wecomSummary })
  }
  messages.push({ id: FIXED_NOTICE_INVITE_ID, variant: 2, title: FixedNoticeTexts.inviteTitle, summary: invitedBy(user.invite_user_name) })
  return { visible: true, messages, badgeText: isRead ? "" : formatBadge(messages.length) }
}

/** FN5 (spec §2): variant 2's 查看详情 opens /invited with the user's invite_code (in a new window). */
export const invitedDetailsPath = (inviteCode: string): string => `/invited?code=${encodeURIComponent(inviteCode.trim())}`
