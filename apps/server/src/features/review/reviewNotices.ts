import type { Db } from "../../db/database.js"
import { createMessage } from "../messages/messages.js"

/**
 * The system messages a review decision sends (the author's drawer, 系统 tab, and a report's reporters).
 * The spec gives no text for them (no 审核 or 举报 wording in it), so these are ours. Each is keyed so
 * a retried transaction sends it once; callers pass the decision's transaction.
 */

export type ReviewedKind = "artwork" | "post" | "comment" | "article"

const KIND_NAMES: Readonly<Record<ReviewedKind, string>> = { artwork: "作品", post: "帖子", comment: "评论", article: "文章" }

/** Where the author finds the item again: the library for works, the post for the rest. */
const jumpOf = (kind: ReviewedKind, id: number, postId?: number): string =>
  kind === "artwork" ? "/property" : kind === "article" ? `/article-detail/${id}` : `/community-detail/${postId ?? id}`

/** 作品审核通过: the work is on the square now. */
export const sendArtworkApproved = (tx: Db, author: number, artwork: { readonly id: number; readonly title: string; readonly round: number }, now: Date) =>
  createMessage(tx, {
    uid: author,
    type: "system",
    dedupeKey: `review:artwork:${artwork.id}:${artwork.round}`,
    createdAt: now,
    content: { title: "作品审核通过", content: `你的作品${quoted(artwork.title)}已通过审核，发布到灵感广场。`, jump_url: `/work-detail/${artwork.id}` }
  })

/** 作品审核未通过, with the operator's reason; the library shows the same reason on the work. */
export const sendArtworkRejected = (tx: Db, author: number, artwork: { readonly id: number; readonly title: string; readonly round: number }, reason: string, now: Date) =>
  createMessage(tx, {
    uid: author,
    type: "system",
    dedupeKey: `review:artwork:${artwork.id}:${artwork.round}`,
    createdAt: now,
    content: {
      title: "作品审核未通过",
      content: `你的作品${quoted(artwork.title)}未通过审核，原因：${reason}`,
      sub_content: "修改后可在作品库中重新提交审核",
      jump_url: jumpOf("artwork", artwork.id)
    }
  })

/** 内容已下架: published content left the square or the community, with the reason. */
export const sendTakenDown = (tx: Db, author: number, item: { readonly kind: ReviewedKind; readonly id: number; readonly title: string; readonly postId?: number }, reason: string, now: Date) =>
  createMessage(tx, {
    uid: author,
    type: "system",
    dedupeKey: `takedown:${item.kind}:${item.id}`,
    createdAt: now,
    content: {
      title: `${KIND_NAMES[item.kind]}已下架`,
      content: `你发布的${KIND_NAMES[item.kind]}${quoted(item.title)}已被下架，原因：${reason}`,
      sub_content: "如有疑问，请通过帮助中心联系我们",
      jump_url: item.kind === "artwork" ? jumpOf("artwork", item.id) : ""
    }
  })

/** 举报处理结果: each reporter of the target learns the outcome once. */
export const sendReportResolved = (tx: Db, reporter: number, target: { readonly kind: ReviewedKind; readonly id: number }, takenDown: boolean, now: Date) =>
  createMessage(tx, {
    uid: reporter,
    type: "system",
    dedupeKey: `report:${target.kind}:${target.id}`,
    createdAt: now,
    content: {
      title: "举报处理结果",
      content: takenDown
        ? `你举报的${KIND_NAMES[target.kind]}经核实违反社区规范，已被下架。感谢你帮助维护社区环境。`
        : `你举报的${KIND_NAMES[target.kind]}经核实暂未发现违规。感谢你的反馈，我们会持续关注。`
    }
  })

/** A title in 《》 when there is one; a short excerpt of a text otherwise. */
const quoted = (title: string): string => {
  const text = title.trim().replace(/\s+/g, " ")
  if (text === "") return ""
  return `《${text.length > 20 ? `${text.slice(0, 20)}…` : text}》`
}
