/**
 * @mido/core/account: the rules of the account overlays that no first-load page needs (issue 16):
 * the fixed notice, the community feature prompt, the invite pages, the purchase dialog, the
 * reminders, the messages and the bio (ADR 0029, ADR 0030). An entry of its own because the
 * main entry is at its budget (docs/adr/0005); the web app imports it from the overlay layer and the
 * invite pages it loads on demand. Names exported here are exported from no other entry.
 */

// the fixed notice (FN, docs/spec/notices.md)
export {
  fixedNotice,
  type FixedNoticeInput,
  type FixedNoticeMessage,
  type FixedNoticeState,
  FixedNoticeTexts,
  type FixedNoticeUser,
  type FixedNoticeVariant,
  FIXED_NOTICE_INVITE_ID,
  FIXED_NOTICE_WECOM_ID,
  hasInviter,
  invitedBy,
  invitedDetailsPath
} from "./domain/notice/fixedNotice.js"
// the community feature prompt (FP, docs/spec/notices.md)
export {
  FEATURE_PROMPT_EXCLUDED_ROUTES,
  FEATURE_PROMPT_TARGET,
  featurePromptContent,
  type FeaturePromptContent,
  type FeaturePromptInput,
  featurePromptVisible
} from "./domain/notice/featurePrompt.js"
// the invite pages (/invite-info, /invited): rules IV1–IV4 (docs/spec/invite.md), the calls, their schemas
export { discountScopeText, discountText, inviteLink, inviteRewardText } from "./domain/invite/inviteRules.js"
export { INVITEES_PAGE_SIZE, type InvitesShape, makeInvitesService } from "./services/Invites.js"
export {
  InvitedUser,
  InviteDiscount,
  InviteeListQuery,
  InviterCard,
  InviterQuery,
  InviteSummary
} from "./api/schemas/Invite.js"

// the bean ledger dialog's lines (LG1–LG3, docs/spec/ledger.md): the dialog is a lazy overlay, so its rule is here
export { ledgerAmountText, type LedgerLine, ledgerLine, type LedgerTone } from "./domain/wallet/ledgerLine.js"

// the community feed, post detail and publishing (issue 17 C1): comments, reports, the feed tabs' service
export * from "./api/schemas/PostComment.js"
export {
  type CommunityPostsShape,
  makeCommunityPostsService,
  POST_COMMENTS_PAGE_SIZE,
  POST_FEED_PAGE_SIZE,
  type PostFeedQuery
} from "./services/CommunityPosts.js"

// @mentions (MN1–MN4): the server's reading of a text and the comment box's completion
export {
  completeMention,
  isMentionable,
  MAX_MENTIONS,
  MENTION_NAME_MAX,
  mentionAtCaret,
  mentionedNicknames,
  type MentionInProgress,
  suggestMentions
} from "./domain/community/mentions.js"
// a comment's text as pieces: links for mentions and #话题#, a reply without its leading @ (MN5–MN7)
export { type MentionRef, replyBody, type TextSegment, textSegments, topicHref } from "./domain/community/textSegments.js"

// the purchase dialog (spec §4, OR, CP): its state, the coupon field, the order poll and the checkout
// session over the Checkout service; only the checkout store (made on first use) imports them (ADR 0029)
export {
  type CheckoutEvent,
  checkoutReducer,
  type CheckoutState,
  type CheckoutTab,
  type CurrentOrder,
  initialCheckout,
  isClaim,
  ORDER_POLL_INTERVAL_MS,
  shouldPoll
} from "./domain/order/checkoutReducer.js"
export { applyCouponOutcome, type CouponEntry, editCouponCode, emptyCouponEntry } from "./domain/coupon/couponEntry.js"
export { PAYMENT_WAIT_LIMIT_MS, POLL_BACKOFF_CAP_MS, pollDelayMs } from "./services/checkoutPolling.js"
export { type CheckoutSelection, type CheckoutSession, type CheckoutView, makeCheckoutSession } from "./services/checkoutSession.js"
// the coupon rule (CP1–CP6) the Checkout service answers at once and the server's order creation applies
export { applyCoupon } from "./domain/coupon/applyCoupon.js"

// the reminders (RM, spec §4): when each is due and what it says; the Reminders service (main entry,
// loaded on first use) and the server's thresholds use them (ADR 0030)
export { reminderTypes } from "./domain/reminder/Reminder.js"
export { dueReminders, type ReminderBalance, type ReminderSituation, type ReminderUser } from "./domain/reminder/dueReminders.js"
export { hasReminderIntervalPassed, markReminderShown, REMINDER_INTERVAL_MS } from "./domain/reminder/reminderInterval.js"
export { activeThreshold, readReminderThresholds, ReminderConfigKeys, type ReminderThresholds } from "./domain/reminder/reminderThresholds.js"
export { reminderContent } from "./domain/reminder/reminderContent.js"

// the messages (MS, spec §4): the bell's badge, a message's content and link, the paging and the drawer's
// rules; the Inbox service (main entry, its code loaded on first use) and the stores of the bell use them
export {
  emptyMessageContent,
  MESSAGE_CONTENT_FIELDS,
  type MessageContentField,
  parseMessageContent
} from "./domain/message/parseMessageContent.js"
export { isClickableJumpUrl, type MessageLink, messageLink } from "./domain/message/messageLink.js"
export { messageBadgeText } from "./domain/message/messageBadge.js"
export {
  hasMoreMessages,
  MESSAGE_LIST_END_TEXT,
  MESSAGE_PAGE_SIZE,
  messageListFooter,
  type MessageListFooter,
  nextMessagePage
} from "./domain/message/messagePaging.js"
export {
  DEFAULT_MESSAGE_TAB,
  MESSAGE_TABS,
  noUnread,
  readUnreadCounts
} from "./domain/message/unreadCounts.js"
export {
  canLoadMoreMessages,
  closeMessageDrawer,
  closedMessageDrawer,
  markMessagesRead,
  messageDrawerFooter,
  messageDrawerFooterText,
  nextDrawerPage,
  openMessageDrawer,
  receiveMessagePage,
  selectMessageTab,
  unreadMessageIds
} from "./domain/message/messageDrawer.js"

// the bio of the profile editor (PB, spec §6), which the server checks the same way
export { BIO_MAX_CHARS, BIO_MAX_LINES, bioLength, bioProblem, normalizeBio } from "./domain/profile/bio.js"
