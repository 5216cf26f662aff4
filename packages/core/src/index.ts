/**
 * @mido/core's public entry. Everything an app, the React bindings or the server may use is exported
 * here and nowhere else; deep imports are not part of the contract.
 */

// domain: money (R31)
export { type Decimal, compare, floorToUnits, formatDecimal, multiply, parseDecimal, subtract } from "./domain/money/decimal.js"
export { type Fen, fenToYuan, formatYuan, parseYuan } from "./domain/money/fen.js"

// domain: coupon (CP)
export {
  applyCoupon,
  type CouponOutcome,
  type CouponStatus,
  type CouponTerms,
  type CouponType,
  type PurchaseItem,
  type PurchaseKind
} from "./domain/coupon/applyCoupon.js"
export { applyCouponOutcome, type CouponEntry, editCouponCode, emptyCouponEntry } from "./domain/coupon/couponEntry.js"
export { CouponMessages } from "./domain/coupon/couponMessages.js"

// further areas are appended below, one block each

// domain: order (OR)
export {
  type CheckoutEvent,
  checkoutReducer,
  type CheckoutState,
  type CheckoutTab,
  type CurrentOrder,
  initialCheckout,
  isClaim,
  ORDER_POLL_INTERVAL_MS,
  type OrderStatus,
  type PayMethod,
  shouldPoll
} from "./domain/order/checkoutReducer.js"
export { dailyPostRewardCap } from "./domain/order/postReward.js"

// domain: layout (LY)
export {
  CONTEXT_MENU_MARGIN_PX,
  CONTEXT_MENU_OFFSET_PX,
  contentMarginPx,
  placeContextMenu,
  SIDEBAR_COLLAPSE_AT_PX,
  SIDEBAR_DRAWER_BELOW_PX,
  SIDEBAR_WIDTH_PX,
  type SidebarMode,
  sidebarMode,
  type Size
} from "./domain/layout/layout.js"

// domain: upload (UP), image type (IM), messages (MS)
export { UploadMessages } from "./domain/upload/uploadMessages.js"
export { fileExtension, uploadImageKind, type UploadImageKind } from "./domain/upload/uploadFileType.js"
export {
  DEFAULT_UPLOAD_LIMIT_MB,
  type UploadCandidate,
  type UploadCheck,
  type UploadLimits,
  validateUpload
} from "./domain/upload/validateUpload.js"
export { clampProgress, progressFromBytes } from "./domain/upload/uploadProgress.js"
export { storageFileName, storageObjectKey, storageTimestamp } from "./domain/upload/storageFileName.js"
export { isGif, isJpeg, isPng, isWebp, type SniffedImageType, sniffImageType } from "./domain/image/magicBytes.js"
export { detectImageType, extensionFromContentType, type ImageExtension, mediaTypeEssence } from "./domain/image/detectImageType.js"
export { type SignatureCheck, type VerifiedImageType, verifyImageSignature } from "./domain/image/verifyImageSignature.js"
export {
  emptyMessageContent,
  MESSAGE_CONTENT_FIELDS,
  type MessageContent,
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
  type MessageTab,
  noUnread,
  readUnreadCounts,
  type UnreadCounts
} from "./domain/message/unreadCounts.js"

// domain: reminder (RM)
export { type ReminderLastShown, type ReminderType, reminderTypes } from "./domain/reminder/Reminder.js"
export {
  dueReminders,
  type ReminderBalance,
  type ReminderSituation,
  type ReminderUser
} from "./domain/reminder/dueReminders.js"
export { hasReminderIntervalPassed, markReminderShown, REMINDER_INTERVAL_MS } from "./domain/reminder/reminderInterval.js"
export {
  activeThreshold,
  readReminderThresholds,
  ReminderConfigKeys,
  type ReminderThresholds
} from "./domain/reminder/reminderThresholds.js"
export {
  type ReminderAction,
  type ReminderButton,
  type ReminderContent,
  reminderContent
} from "./domain/reminder/reminderContent.js"

// domain: format (FM)
export {
  type CalendarDate,
  CHINA_UTC_OFFSET_MS,
  chinaCalendarDate,
  formatChinaDate,
  parseChinaDateTime
} from "./domain/format/chinaTime.js"
export { formatRelativeTime } from "./domain/format/formatRelativeTime.js"
export { formatCount } from "./domain/format/formatCount.js"
export { formatBadge } from "./domain/format/formatBadge.js"
export { type AspectRatio, snapAspectRatio } from "./domain/format/snapAspectRatio.js"

// domain: navigation (NV)
export {
  HomePath,
  LoginPath,
  MobileGuidePath,
  RootPath,
  type RouteDefinition,
  type RouteLayout,
  routeByName,
  routes
} from "./domain/navigation/routeTable.js"
export { matchPattern, matchRoute, type RouteMatch } from "./domain/navigation/matchRoute.js"
export { pageTitle, pageTitleForPath, ProductName, TitleSeparator } from "./domain/navigation/pageTitle.js"
export {
  asksForH5,
  type GuardDecision,
  guardNavigation,
  loginRedirect,
  mobileSiteUrl,
  type NavigationRequest
} from "./domain/navigation/guardNavigation.js"
export { safeReturn } from "./domain/navigation/safeReturn.js"
export { readTokenQuery, type TokenQuery, TokenParam, TokenShape, withoutTokenQuery } from "./domain/navigation/tokenQuery.js"
export { AnalyticsUserIdPrefix, analyticsUserId } from "./domain/navigation/analyticsUserId.js"
export { sha256, sha256Hex, toHex } from "./domain/crypto/sha256.js"
export { utf8Encode } from "./domain/crypto/utf8.js"

// domain: same-style and infotext (SD, IT)
export type {
  AgentParameters,
  Artwork,
  ArtworkContent,
  ArtworkStat,
  ArtworkType,
  ArtworkUserStat,
  QuickMjParameters,
  QuickParameters,
  SdArg,
  SdModel,
  SdParameters
} from "./domain/artwork/Artwork.js"
export { DrawType, sameStyle, type SameStyleAction } from "./domain/artwork/sameStyle.js"
export { appendLoraTags, checkpointName, loraTagName, SD_ARG_LABELS, sdPasteText } from "./domain/artwork/sdPasteText.js"
export { buildInfotext, type InfotextInput, normaliseInfotextSection, quoteInfotextValue } from "./domain/infotext/buildInfotext.js"
export { MIN_PARAMETER_LINE_PAIRS, NEGATIVE_PROMPT_PREFIX, parseInfotext, type ParsedInfotext } from "./domain/infotext/parseInfotext.js"
