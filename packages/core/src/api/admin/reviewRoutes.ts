import { defineAdminRoute } from "./AdminRoute.js"
import {
  ReportGroupPage,
  ReportResolve,
  ReportResolved,
  ReviewApprove,
  ReviewDecision,
  ReviewOutcome,
  ReviewQueuePage,
  ReviewQueueQuery
} from "./reviewSchemas.js"
import { PageQuery } from "../schemas/common.js"

/**
 * 审核 and 举报 (issue 29): the queue by kind, the three decisions and the reports grouped by target.
 * A reviewer may do all of it; each decision writes its audit row in its own transaction.
 */
export const reviewRoutes = {
  queue: defineAdminRoute({
    name: "admin.review.queue",
    method: "GET",
    path: "/api/v1/admin/review/queue",
    auth: "required",
    role: "reviewer",
    encoding: "query",
    input: ReviewQueueQuery,
    data: ReviewQueuePage,
    summary: "One tab of the review queue (作品, 帖子, 评论, 文章), oldest waiting first, with each tab's count."
  }),
  approve: defineAdminRoute({
    name: "admin.review.approve",
    method: "POST",
    path: "/api/v1/admin/review/approve",
    auth: "required",
    role: "reviewer",
    encoding: "json",
    input: ReviewApprove,
    data: ReviewOutcome,
    summary: "通过: a work in review goes to the square (its author is told); other content leaves the queue. 409 when already decided."
  }),
  reject: defineAdminRoute({
    name: "admin.review.reject",
    method: "POST",
    path: "/api/v1/admin/review/reject",
    auth: "required",
    role: "reviewer",
    encoding: "json",
    input: ReviewDecision,
    data: ReviewOutcome,
    summary: "驳回 with a reason: the author gets a system message with it; for published community content it is a takedown."
  }),
  takeDown: defineAdminRoute({
    name: "admin.review.takeDown",
    method: "POST",
    path: "/api/v1/admin/review/take_down",
    auth: "required",
    role: "reviewer",
    encoding: "json",
    input: ReviewDecision,
    data: ReviewOutcome,
    summary: "下架 published content: it leaves the square or the community; the author gets a system message with the reason."
  }),
  reports: defineAdminRoute({
    name: "admin.review.reports",
    method: "GET",
    path: "/api/v1/admin/review/reports",
    auth: "required",
    role: "reviewer",
    encoding: "query",
    input: PageQuery,
    data: ReportGroupPage,
    summary: "Open reports (举报) grouped by target with their count, the newest report first."
  }),
  resolveReports: defineAdminRoute({
    name: "admin.review.resolveReports",
    method: "POST",
    path: "/api/v1/admin/review/resolve_reports",
    auth: "required",
    role: "reviewer",
    encoding: "json",
    input: ReportResolve,
    data: ReportResolved,
    summary: "处理 a target's reports together: dismiss, or take the target down (reason required); each reporter is told. 409 when none is open."
  })
} as const
