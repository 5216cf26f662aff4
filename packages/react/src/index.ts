/**
 * @mido/react's public entry: MobX stores over @mido/core's services, the React provider and hooks,
 * and the browser adapters an app's composition root chooses. Nothing else is part of the contract.
 */

// provider and hooks
export { CoreProvider, type CoreProviderProps } from "./CoreProvider.js"
export { RootStoreContext } from "./hooks/RootStoreContext.js"
export { OUTSIDE_PROVIDER_MESSAGE, useRootStore } from "./hooks/useRootStore.js"
export {
  useAigcStore,
  useArtworkDetailStore,
  useAssistantStore,
  useCheckoutStore,
  useFeaturePromptStore,
  useFixedNoticeStore,
  useGenerationStore,
  usePersonalStore,
  useClipboardStore,
  useConfigStore,
  useConfirmStore,
  useContextMenuStore,
  useInboxStore,
  useLoadingStore,
  usePropertyStore,
  useReminderStore,
  useSavedFlagsStore,
  useSessionStore,
  useSidebarStore,
  useToastStore,
  useWalletStore,
  useWebuiStore,
  useWorkStore,
  useToolStore
} from "./hooks/useStores.js"
export { usePagedList } from "./hooks/usePagedList.js"
export { useSquareStore } from "./hooks/useSquareStore.js"

// stores
export { RootStore, type RootStoreOptions, type UnauthorizedListener } from "./stores/RootStore.js"
export { type Attempt, type FailureReporter, ServiceRunner } from "./stores/ServiceRunner.js"
export { errorText, GENERIC_ERROR_TEXT, isUnauthorized } from "./stores/errorPolicy.js"
export type { AddressBar, Clipboard, StoreHost, Viewport } from "./stores/StoreHost.js"
export type { Store } from "./stores/Store.js"
export { type Toast, TOAST_DURATION_MS, type ToastKind, ToastStore } from "./stores/ToastStore.js"
export { CONFIRM_DEFAULTS, type ConfirmRequest, ConfirmStore } from "./stores/ConfirmStore.js"
export { LoadingStore } from "./stores/LoadingStore.js"
export { ClipboardStore, CopyMessages } from "./stores/ClipboardStore.js"
export { SavedFlagsStore } from "./stores/SavedFlagsStore.js"
export { type LoginResult, PAGE_VIEW_EVENT, SessionStore } from "./stores/SessionStore.js"
export { type SmsPurpose, SmsCodeSender } from "./stores/SmsCodeSender.js"
export { Countdown } from "./stores/Countdown.js"
export { type WechatStep, WechatLoginFlow } from "./stores/WechatLoginFlow.js"
export { ConfigStore } from "./stores/ConfigStore.js"
export { type ContextMenuRequest, ContextMenuStore, type OpenContextMenu } from "./stores/ContextMenuStore.js"
export { DEFAULT_WINDOW_WIDTH, SidebarStore, StoredSidebar } from "./stores/SidebarStore.js"
export { type LedgerParams, WalletStore } from "./stores/WalletStore.js"
export { InboxStore, type MessageParams } from "./stores/InboxStore.js"
export { MESSAGE_TAB_LABELS, messageLinkOf, messageTimeText } from "./stores/messageCards.js"
export { AGREEMENT_CONFIRM, type CheckoutPhase, CheckoutStore, CLOSE_CONFIRM_MESSAGE, type PayMethod } from "./stores/CheckoutStore.js"
export type { PriceSummary } from "./stores/checkout/priceSummary.js"
export type { MembershipPlan, PointsPackage } from "@mido/core"
export { type OwnerParams, type PersonalTab, PersonalStore } from "./stores/personal/PersonalStore.js"
export { ledgerLineOf } from "./stores/ledgerLines.js"
export { useInviteStore } from "./hooks/useInviteStore.js"
// the circle pages (issue 17): the hooks, the stores' types and their texts; the code arrives with the pages
export { useAssignmentStore, useCircleDetailStore, useCircleFormStore, useCirclesStore, useGroupStore } from "./hooks/useCircleStores.js"
export type { CircleStores } from "./stores/circle/CircleStores.js"
export type { CircleListParams, CirclesStore } from "./stores/circle/CirclesStore.js"
export type { CircleDetailStore, CircleTab } from "./stores/circle/CircleDetailStore.js"
export type { CircleFormStatus, CircleFormStore, CircleImageField } from "./stores/circle/CircleFormStore.js"
export type { AssignmentStore, PickableWork } from "./stores/circle/AssignmentStore.js"
export type { GroupStore } from "./stores/circle/GroupStore.js"
export { CIRCLE_ROLE_LABELS, circleDateTimeText, circleTimeText, NOT_OWNER_TEXT } from "./stores/circle/circleTexts.js"
export type { Assignment, Circle, CircleMember, Post as CirclePost, UserBrief as CircleUserBrief } from "@mido/core"
export { type DiscountView, InviteStore, type InviterStatus, type LoadStatus } from "./stores/invite/InviteStore.js"
// the personal center's items as its pages read them (pages may not import the core)
export type { ArtworkCard, ArtworkGroup, FollowUser, LibraryArtwork, Profile } from "@mido/core"
export { PersonalGroups } from "./stores/personal/PersonalGroups.js"
export { type EditableProfile, ProfileEditor } from "./stores/personal/ProfileEditor.js"
// types only: the generation store's code (and @mido/core/generation) must stay out of the first load
export type { GenerationStore } from "./stores/generation/GenerationStore.js"
export type { MjActionKind, MjActionOffer } from "./stores/generation/mjActions.js"
export type { CostPayload, TaskCost } from "./stores/generation/TaskCost.js"
export type { AigcStore, PictureTarget } from "./stores/generation/AigcStore.js"
export type { AigcMode, MjForm, MjSlot, QuickForm, StyleGroup } from "./stores/generation/aigcForms.js"
export type { AssistantStore, Attachment } from "./stores/assistant/AssistantStore.js"
export type { AssistantConversation, AssistantMessage, StructuredPrompt } from "@mido/core"
// the tasks as the creation pages read them (pages may not import the core)
export type { MjVersion, QuickStyle, TaskImage, TaskRatio, TaskStatus, TaskSubmitWire, TaskType, TaskView, UploadFile } from "@mido/core"
export { ReminderStore } from "./stores/ReminderStore.js"
export { reminderOnScreen } from "./stores/reminderOnScreen.js"
export type { FeaturePromptStore } from "./stores/notice/FeaturePromptStore.js"
export type { FixedNoticeStore } from "./stores/notice/FixedNoticeStore.js"
export { type ArtworkDetailStatus, ArtworkDetailStore, HEARTBEAT_MS, MODEL_ADDED_TEXT, type ModelCard } from "./stores/ArtworkDetailStore.js"
export { type DownloadProgress, downloadSummary, MAX_UPLOAD_FILES, PropertyStore } from "./stores/property/PropertyStore.js"
export { NO_SELECTION, nextSelection, type Selection, type SelectionAction } from "./stores/property/selection.js"
export type { UploadProgress } from "./stores/property/uploadAll.js"
export { SQUARE_PAGE_SIZE, SQUARE_SORT_TABS, SQUARE_TYPE_TABS, type SquareArtwork, type SquareParams, SquareStore, makeSquareStore } from "./stores/square/SquareStore.js"
export {
  cardHeight,
  type ImageSize,
  laneCount,
  type MasonryCard,
  type MasonryLayout,
  masonryLayout,
  type MasonryOptions,
  SQUARE_MASONRY
} from "./stores/square/masonryLayout.js"
export { type AigcSameStyle, emptyWork, StoredWork, type WorkDrawType, type WorkState, WorkStore } from "./stores/WorkStore.js"

// paging: one primitive for every list
export { PagedList, type PagedListOptions, type PagedListStatus, type PagedListView } from "./stores/paging/PagedList.js"
export { type FetchPage, type NumberedAnswer, numberedPage, type Page, type PageRequest } from "./stores/paging/Page.js"
export { pagesFromCore } from "./stores/paging/pagesFromCore.js"
export { LatestOnly, type RequestToken } from "./stores/paging/LatestOnly.js"

// browser adapters (composition roots only)
export { createBrowserRuntime, type BrowserRuntimeOptions } from "./adapters/createBrowserRuntime.js"
export { browserHost, makeWindowAddressBar, makeWindowViewport } from "./adapters/browserHost.js"
export { makeBrowserKeyValueStore } from "./adapters/browserKeyValueStore.js"
export { type ClipboardHost, makeBrowserClipboard } from "./adapters/browserClipboard.js"
export { type FileSaverHost, makeBrowserFileSaver, OBJECT_URL_LIFETIME_MS } from "./adapters/BrowserFileSaver.js"
export { type DataLayerHost, makeBrowserAnalytics, USER_ID_KEYS, withHashedUserId } from "./adapters/browserAnalytics.js"
export { makeSessionQrNonce, QR_NONCE_KEY } from "./adapters/sessionQrNonce.js"
// /webui (types only: its store arrives with the page); the form's constants its page shows
export type { ModelOption, WebuiStore, WebuiTasks } from "./stores/webui/WebuiStore.js"
export type { WebuiForm } from "./stores/webui/WebuiForm.js"
export { LORA_WEIGHT, WEBUI_BATCH_COUNT, WEBUI_SIZE_PRESETS } from "@mido/core"
export type { UnrecognisedParam } from "@mido/core"
// the AI tool pages (types only: the store arrives with the first tool page, with @mido/core/generation)
export type { ToolOpening, ToolStore } from "./stores/tools/ToolStore.js"
export type { SubjectBox } from "./stores/tools/subjectBox.js"
export type { ToolKey, ToolOptionSpec, ToolOptionValue, ToolSpec } from "@mido/core/generation"
// the community posts (issue 17 C1): types only, the stores arrive with the community pages' chunks
export { useCommunityStore } from "./hooks/useCommunityStore.js"
export type { CommunityStore } from "./stores/community/CommunityStore.js"
export type { CommunityFeedStore, CommunityTab, PostLikeState } from "./stores/community/CommunityFeedStore.js"
export type { PostDetailStore, ReplyTarget, ViewerState } from "./stores/community/PostDetailStore.js"
export type { MentionEdit, MentionPicker } from "./stores/community/MentionPicker.js"
export type { ComposerImage, PostComposerStore } from "./stores/community/PostComposerStore.js"
export type { Post, PostImage } from "@mido/core"
export type { PostComment, PostCommentReply, PostReportReason, TextSegment } from "@mido/core/account"
// the activity and special-topic pages (issue 17): types and hooks only, their stores' code arrives with the pages
export { useActivityStore, useSpecialTopicStore } from "./hooks/useActivityStores.js"
export type { ActivityStore, EntryParams, EntrySort } from "./stores/activity/ActivityStore.js"
export type { ActivityEntryPicker } from "./stores/activity/ActivityEntryPicker.js"
export type { SpecialTopicStore } from "./stores/activity/SpecialTopicStore.js"
export type { PageStatus } from "./stores/activity/loadOutcome.js"
export type { Activity, ActivityStatus, ActivityWork, ArticleSummary, SpecialTopic, SpecialTopicItem } from "./stores/activity/activityTypes.js"
// the article pages (issue 17): types and hooks only, their stores' code arrives with the pages
export { useArticleEditorStore, useArticleStore } from "./hooks/useArticleStores.js"
export type { ArticleEditorStore } from "./stores/article/ArticleEditorStore.js"
export type { ArticleStatus, ArticleStore } from "./stores/article/ArticleStore.js"
export type { Article, ArticleDraft, LinkInput } from "./stores/article/articleTypes.js"
