import { formatChinaDateTime } from "@mido/core"
import { REVIEW_KIND_NAMES, type ReviewKind } from "@mido/core/admin"

/** The queue's tabs in order, with their Chinese names (作品, 帖子, 评论, 文章). */
export const REVIEW_KINDS: ReadonlyArray<ReviewKind> = ["artwork", "post", "comment", "article"]
export const reviewKindName = (kind: ReviewKind): string => REVIEW_KIND_NAMES[kind]

/** The report reasons' Chinese names, as the post page's 举报 dialog offers them. */
const REPORT_REASON_NAMES: Readonly<Record<string, string>> = {
  spam: "垃圾广告",
  porn: "色情低俗",
  abuse: "辱骂攻击",
  illegal: "违法违规",
  infringement: "侵犯权益",
  other: "其他"
}
export const reportReasonName = (reason: string): string => REPORT_REASON_NAMES[reason] ?? reason

/** "2026-11-28 09:30:00" in China time from the API's unix seconds. */
export const reviewTimeText = (seconds: number): string => formatChinaDateTime(seconds * 1000)
