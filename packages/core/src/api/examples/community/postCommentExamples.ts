import type { RouteExamples } from "../../Route.js"
import type { postCommentRoutes } from "../../routes/community/postCommentRoutes.js"
import { samplePostComment } from "../communitySamples.js"

/** Wire-form examples of the post detail's routes: comments, delete, collect, share, report (docs/api.md). */
export const postCommentExamples: RouteExamples<typeof postCommentRoutes> = {
  postCommentList: { input: { post_id: "90017", page: "1", size: "20" }, data: { list: [samplePostComment], total: 1 } },
  postCommentCreate: {
    input: { post_id: 90017, content: "@星河画师 谢谢，试了一下好多了", reply_id: 5001 },
    data: { comment: { ...samplePostComment.replies[0]!, is_owner: true }, comment_count: 10 }
  },
  postCommentDelete: { input: { id: 5002 }, data: { comment_count: 9 } },
  postDelete: { input: { id: 90017 }, data: { success: true } },
  postCollect: { input: { id: 90017, action: "collect" }, data: { is_collected: true, collect_count: 13 } },
  postShare: { input: { id: 90017 }, data: { share_count: 4 } },
  postReport: { input: { id: 90017, reason: "spam", detail: "重复发广告" }, data: { success: true } }
}
