/**
 * @mido/core/account: the rules of the account overlays that no first-load page needs (issue 16):
 * the fixed notice, the community feature prompt, the invite pages. An entry of its own because the
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
