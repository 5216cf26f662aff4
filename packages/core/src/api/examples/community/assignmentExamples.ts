import type { RouteExamples } from "../../Route.js"
import type { assignmentRoutes } from "../../routes/community/assignmentRoutes.js"
import { sampleAssignment, samplePost } from "../communitySamples.js"

const sampleHandIn = { ...samplePost, id: 90100, assignment_id: 808, content: "工笔牡丹与绣眼鸟，提示词见图。", artwork_id: null }

/** Wire-form examples of the assignment routes (docs/api.md and the decode tests; never shipped to the browser). */
export const assignmentExamples: RouteExamples<typeof assignmentRoutes> = {
  assignmentList: { input: { circle_id: "301", page: "1", size: "20" }, data: { list: [sampleAssignment], total: 12 } },
  assignmentDetail: { input: { id: "808" }, data: sampleAssignment },
  assignmentSubmissions: { input: { id: "808", page: "1", size: "20" }, data: { list: [sampleHandIn], total: 137 } },
  assignmentSubmit: {
    input: { assignment_id: 808, content: sampleHandIn.content, images: [{ url: "https://cdn.mido.example.com/post/90100/1.png", width: 1024, height: 1024 }] },
    data: { ...sampleHandIn, like_count: 0, comment_count: 0, is_owner: true }
  }
}
