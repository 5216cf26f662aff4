import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Assignment, AssignmentSubmit } from "../../schemas/Assignment.js"
import { Page, PageQuery, QueryId } from "../../schemas/common.js"
import { Post } from "../../schemas/Post.js"

/** 作业: a circle's assignments, detail, hand-ins, handing in. Paths are ours (not in spec §7). */
export const assignmentRoutes = {
  assignmentList: defineRoute({
    name: "community.assignmentList",
    method: "GET",
    path: "/api/v1/open/community/assignment/list",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ circle_id: QueryId, ...PageQuery.fields }),
    data: Page(Assignment),
    summary: "A circle's assignments, newest first (circle-detail 作业 tab). Path ours (not in spec §7)."
  }),
  assignmentDetail: defineRoute({
    name: "community.assignmentDetail",
    method: "GET",
    path: "/api/v1/open/community/assignment/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Assignment,
    summary: "One assignment for /community/assignment-detail, with the viewer's is_submitted. Path ours (not in spec §7)."
  }),
  assignmentSubmissions: defineRoute({
    name: "community.assignmentSubmissions",
    method: "GET",
    path: "/api/v1/open/community/assignment/submissions",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId, ...PageQuery.fields }),
    data: Page(Post),
    summary: "The posts that hand in an assignment, newest first. Path ours (not in spec §7)."
  }),
  assignmentSubmit: defineRoute({
    name: "community.assignmentSubmit",
    method: "POST",
    path: "/api/v1/community/assignment/submit",
    auth: "required",
    encoding: "json",
    input: AssignmentSubmit,
    data: Post,
    summary: "Hands in an assignment as a post of its circle; members only, before the deadline, once each. Path ours (not in spec §7)."
  })
} as const
