import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Assignment, AssignmentSubmit } from "../../schemas/Assignment.js"
import { Page, PageQuery, QueryId } from "../../schemas/common.js"
import { Post } from "../../schemas/Post.js"
import { sampleAssignment, samplePost } from "../examples/communitySamples.js"

const sampleHandIn = { ...samplePost, id: 90100, assignment_id: 808, content: "工笔牡丹与绣眼鸟，提示词见图。", artwork_id: null }

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
    summary: "A circle's assignments, newest first (circle-detail 作业 tab). Path ours (not in spec §7).",
    example: { input: { circle_id: "301", page: "1", size: "20" }, data: { list: [sampleAssignment], total: 12 } }
  }),
  assignmentDetail: defineRoute({
    name: "community.assignmentDetail",
    method: "GET",
    path: "/api/v1/open/community/assignment/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Assignment,
    summary: "One assignment for /community/assignment-detail, with the viewer's is_submitted. Path ours (not in spec §7).",
    example: { input: { id: "808" }, data: sampleAssignment }
  }),
  assignmentSubmissions: defineRoute({
    name: "community.assignmentSubmissions",
    method: "GET",
    path: "/api/v1/open/community/assignment/submissions",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId, ...PageQuery.fields }),
    data: Page(Post),
    summary: "The posts that hand in an assignment, newest first. Path ours (not in spec §7).",
    example: { input: { id: "808", page: "1", size: "20" }, data: { list: [sampleHandIn], total: 137 } }
  }),
  assignmentSubmit: defineRoute({
    name: "community.assignmentSubmit",
    method: "POST",
    path: "/api/v1/community/assignment/submit",
    auth: "required",
    encoding: "json",
    input: AssignmentSubmit,
    data: Post,
    summary: "Hands in an assignment as a post of its circle; members only, before the deadline, once each. Path ours (not in spec §7).",
    example: {
      input: { assignment_id: 808, content: sampleHandIn.content, images: [{ url: "https://cdn.mido.example.com/post/90100/1.png", width: 1024, height: 1024 }] },
      data: { ...sampleHandIn, like_count: 0, comment_count: 0, is_owner: true }
    }
  })
} as const
