/**
 * @mido/core's public entry: domain rules, the API's schemas and errors, ports, services and the
 * runtime. Adapters live in their own entries (@mido/core/browser, @mido/core/node, in-memory ones in
 * @mido/core/testing) and the whole route table in @mido/core/contract; deep imports are not part of
 * the contract.
 */

// domain: money (R31)
export { type Decimal, compare, floorToUnits, formatDecimal, multiply, parseDecimal, subtract } from "./domain/money/decimal.js"
export { type Fen, fenToYuan, formatYuan, parseYuan } from "./domain/money/fen.js"

// domain: coupon (CP)
// (the rule itself, applyCoupon, is in @mido/core/account with the purchase dialog's: ADR 0030)
export type { CouponOutcome, CouponTerms, PurchaseItem, PurchaseKind } from "./domain/coupon/applyCoupon.js"
export { CouponMessages } from "./domain/coupon/couponMessages.js"

// further areas are appended below, one block each

// domain: order (OR); the purchase dialog's rules (checkout state, coupon entry, order polling, the checkout session) are in @mido/core/account (ADR 0029)
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

// domain: upload (UP); the file rules the server and the upload code use (UP, IM) are in @mido/core/files
export { UploadMessages } from "./domain/upload/uploadMessages.js"
export {
  DEFAULT_UPLOAD_LIMIT_MB,
  type UploadCandidate,
  type UploadCheck,
  type UploadLimits,
  validateUpload
} from "./domain/upload/validateUpload.js"
// the messages' rules (MS) are in @mido/core/account with the message drawer's (ADR 0030); the types the
// Inbox service's shape names stay here
export type { MessageTab } from "./domain/message/unreadCounts.js"

// domain: reminder (RM): the types the Reminders service's shape names; the rules are in
// @mido/core/account with the other account overlays' (ADR 0030), and the service is loaded on first use
export type { ReminderLastShown, ReminderType } from "./domain/reminder/Reminder.js"
export type { ReminderAction, ReminderButton, ReminderContent } from "./domain/reminder/reminderContent.js"

// domain: profile (PB): the bio's rules are in @mido/core/account with the profile editor's (ADR 0030)

// domain: format (FM)
export {
  type CalendarDate,
  CHINA_UTC_OFFSET_MS,
  chinaCalendarDate,
  chinaDateTimeParts,
  type ChinaDateTimeParts,
  chinaDayBounds,
  formatChinaDate,
  formatChinaDateTime,
  type Instant,
  parseChinaDateTime
} from "./domain/format/chinaTime.js"
export { formatRelativeTime } from "./domain/format/formatRelativeTime.js"
export { formatCount } from "./domain/format/formatCount.js"
export { formatBadge } from "./domain/format/formatBadge.js"
export { type AspectRatio, snapAspectRatio } from "./domain/format/snapAspectRatio.js"

// domain: navigation (NV): the page table, the guard, titles, the view cache and the links of the help
// pages are in @mido/core/navigation (ADR 0030); the token query the Session service reads stays here
export { readTokenQuery, type TokenQuery, TokenParam, TokenShape, withoutTokenQuery } from "./domain/navigation/tokenQuery.js"
// NV10 (sha256) and NV11 (analyticsUserId) are in @mido/core/analytics (ADR 0029)

// domain: same-style and infotext (SD, IT)
// (the artwork's own types come from its schema in api/schemas/Artwork.ts, which satisfies these)
export type { ArtworkContent, ArtworkStat, ArtworkUserStat, SdModel } from "./domain/artwork/Artwork.js"
export { DrawType } from "./domain/artwork/drawType.js"
// same style (SD) and the infotext (IT) are in @mido/core/generation (ADR 0030): only the artwork
// detail, the creation pages, the server and the CLI use them

// the /webui form's constants and types (the page's rules are in @mido/core/generation)
export { LORA_WEIGHT, WEBUI_BATCH_COUNT, WEBUI_SIZE_PRESETS } from "./domain/webui/webuiForm.js"
export type { WebuiForm, WebuiHires } from "./domain/webui/webuiForm.js"
export type { UnrecognisedParam, WebuiPrefill } from "./domain/webui/webuiPrefill.js"
export type { PromptWithLoras } from "./domain/webui/promptLoras.js"
export type { SdTask } from "./domain/generation/GenerationTask.js"
export type { TaskProblem } from "./domain/generation/validateTask.js"

// api: the contract (spec §7), its errors, and its schemas' types; the schemas' values are in
// @mido/core/contract (ADR 0030); what the first load reads of them is checked without Schema (ADR 0032)
export { ApiError, type CallError, DecodeError, type InputCallError, InvalidInput, NetworkError, RequestError, Unauthorized, userMessage } from "./api/ApiErrors.js"
export { fail, ok, SUCCESS_CODE, UNAUTHORIZED_CODE } from "./api/answerCodes.js"
export { type AnyRoute, defineRoute, type HttpMethod, type InputEncoding, type Route, type RouteAuth, type RouteData, type RouteInput } from "./api/Route.js"
export type * from "./api/schemas/Activity.js"
export type * from "./api/schemas/AppConfig.js"
export type * from "./api/schemas/Article.js"
// the assistant's schemas travel with its routes (./contract, ./generation); the main entry gives their types only
export type { AssistantConversation, AssistantDrawing, AssistantExchange, AssistantInfo, AssistantMessage, AssistantRole, AssistantSend, StructuredPrompt } from "./api/schemas/Assistant.js"
export type * from "./api/schemas/Artwork.js"
export type * from "./api/schemas/ArtworkCard.js"
export type * from "./api/schemas/ArtworkGroup.js"
export type * from "./api/schemas/ArtworkParameters.js"
export type * from "./api/schemas/ArtworkUpload.js"
export type * from "./api/schemas/Assignment.js"
export type * from "./api/schemas/Balance.js"
export type * from "./api/schemas/Category.js"
export type * from "./api/schemas/ChangePhone.js"
export type * from "./api/schemas/Circle.js"
export type * from "./api/schemas/Collect.js"
export type * from "./api/schemas/Coupon.js"
export type * from "./api/schemas/Follow.js"
export type * from "./api/schemas/FollowUser.js"
export type * from "./api/schemas/LedgerEntry.js"
export type * from "./api/schemas/LibraryArtwork.js"
export type * from "./api/schemas/LibraryQuery.js"
export type * from "./api/schemas/Like.js"
export type * from "./api/schemas/Login.js"
export type * from "./api/schemas/MembershipPlan.js"
export type * from "./api/schemas/Message.js"
export type * from "./api/schemas/MessageContent.js"
export type * from "./api/schemas/Order.js"
export type * from "./api/schemas/Phone.js"
export type * from "./api/schemas/PointsPackage.js"
export type * from "./api/schemas/Post.js"
export type * from "./api/schemas/Profile.js"
export type * from "./api/schemas/ProfileSetting.js"
export type * from "./api/schemas/SdModelInfo.js"
export type * from "./api/schemas/SpecialTopic.js"
export type * from "./api/schemas/Stat.js"
export type * from "./api/schemas/QuickPresets.js"
export type * from "./api/schemas/TaskPoints.js"
// the task schemas' values are in @mido/core/generation (loaded by the creation pages); their types here
export type {
  AgentSubmit,
  HiresFix,
  LoraChoice,
  MjActionKind,
  MjActionRef,
  QuickMjSubmit,
  QuickSubmit,
  SdSubmit,
  TaskRatio,
  TaskSubmit,
  TaskSubmitWire,
  TaskType,
  ToolKey,
  ToolSubmit
} from "./api/schemas/TaskSubmit.js"
export type { EngineCatalog, TaskId, TaskImage, TaskListQuery, TaskStatus, TaskView } from "./api/schemas/TaskView.js"
export type * from "./api/schemas/Tool.js"
export type * from "./api/schemas/UnreadCounts.js"
// the upload and storage schemas' values are in @mido/core/files (the server and the upload code); their types here
export type { StoredFile, UploadResult, UploadScene } from "./api/schemas/Upload.js"
export type * from "./api/schemas/UserBrief.js"
export type * from "./api/schemas/UserEdit.js"
export type * from "./api/schemas/UserInfo.js"
export type * from "./api/schemas/WechatQr.js"
// the QR nonce (its own module, ADR 0029): the web app checks the one it keeps before it polls
export { isInviteCode, isQrNonce } from "./services/storedShapes.js"
export type * from "./api/schemas/Yuan.js"
export type * from "./api/schemas/common.js"
export type * from "./api/schemas/textFields.js"

// ports (docs/ARCHITECTURE.md, Conventions): one Context.Tag each, with live and in-memory adapters
export { type BinaryResponse, type FormField, Http, type HttpBody, HttpFailure, type HttpRequest, type HttpResponse, type HttpShape, type QueryValue } from "./ports/Http.js"
export { KeyValueStore, type KeyValueStoreShape } from "./ports/KeyValueStore.js"
export { Analytics, type AnalyticsShape } from "./ports/Analytics.js"
export { FileSaver, type FileSaverShape } from "./ports/FileSaver.js"

// domain: config values (CF)
export { appSettings, type AppSettings, configBeans, type ConfigItem, ConfigKeys, configText } from "./domain/config/configValues.js"

// services (use cases)
export { ApiClient, ApiClientLive, type ApiClientShape } from "./services/ApiClient.js"
export { type CallOptions, REQUEST_TIMEOUT_MS } from "./services/apiHeaders.js"
export { AUTH_STORAGE_KEY, AuthToken, AuthTokenLive, type AuthTokenShape } from "./services/AuthToken.js"
export { StorageKeys } from "./services/storageKeys.js"
export { makePersistedValue, type PersistedValue } from "./services/persistedValue.js"
// reading a saved value back without Schema (ADR 0032): Stored.struct({ … }), Stored.flag …
export * as Stored from "./services/storedShape.js"
export type { StoredShape } from "./services/storedShape.js"
export { validateInput } from "./services/validateInput.js"
export { type UrlTokenResult, Session, SessionLive, type SessionShape, WECHAT_POLL_INTERVAL_MS, type WechatLoginOutcome, type WechatScanOutcome } from "./services/Session.js"
export { Config, ConfigLive, type ConfigShape } from "./services/Config.js"
export { startApp, type StartupReport } from "./services/startApp.js"
export { makeObservable, type Unsubscribe } from "./services/observable.js"
export { hasMoreLedger, LEDGER_PAGE_SIZE, type LedgerPage, type LedgerTab, ledgerFilterOf, nextLedgerPage, Wallet, WalletLive, type WalletShape } from "./services/Wallet.js"
export { type AwaitPaymentError, Checkout, type CheckoutItem, type CheckoutShape, type CreateOrderInput } from "./services/Checkout.js"
export { AGREEMENT_REQUIRED_MESSAGE, AgreementRequired, PAYMENT_UNCONFIRMED_MESSAGE, PaymentUnconfirmed } from "./services/checkoutErrors.js"
export { Reminders, type RemindersShape } from "./services/Reminders.js"
export { Inbox, type InboxDrawer, InboxLive, type InboxMessage, type InboxPage, type InboxShape } from "./services/Inbox.js"
export {
  ARTWORK_ID_MISSING_TEXT,
  ArtworkIdMissing,
  Artworks,
  type ArtworksShape,
  type ArtworkUpdate,
  type FeedPage,
  type FeedQuery,
  type FeedSort,
  CannotFollowSelf,
  type FollowError,
  FollowNotApplied,
  type FollowTarget,
  type LikeTarget,
  readArtworkId
} from "./services/Artworks.js"
export { Uploads, type UploadsShape } from "./services/Uploads.js"
export { type AuditChange, type CursorList, type FollowListType, type NumberedList, People, type PeopleShape } from "./services/People.js"
export type { MultipartError, MultipartOptions } from "./services/multipartUpload.js"
export type { OssUploaded, OssUploadError, UploadFile } from "./services/ossUpload.js"
export { OssTokenFailed, UploadFailed, UploadRejected } from "./services/uploadErrors.js"
export { ArtworksLive, CheckoutLive, DownloadsLive, LibraryLive, RemindersLive, UploadsLive } from "./services/deferredServices.js"
export { type DeferredMembers, deferredService, type MemberPlan } from "./services/deferredService.js"
export {
  DOWNLOAD_CONCURRENCY,
  Downloads,
  type DownloadsShape,
  type FailedImage,
  ZIP_FILE_NAME,
  type ZipProgress,
  type ZipReport
} from "./services/Downloads.js"
export { LIBRARY_PAGE_SIZE, Library, type LibraryFilter, type LibraryPage, type LibraryShape } from "./services/Library.js"

// the message drawer (MS): the types of the Inbox service's shape; its rules are in @mido/core/account
export type { DrawerMessage, MessageDrawerState, MessagePageLoad } from "./domain/message/messageDrawer.js"

// runtime: the composition of every service (composition roots only)
export { type CorePorts, type CoreRuntime, type CoreServices, makeCoreLayer, makeCoreRuntime } from "./runtime/coreLayer.js"
