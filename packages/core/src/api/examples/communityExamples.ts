import type { RouteExamples } from "../Route.js"
import type { communityRoutes } from "../routes/communityRoutes.js"
import { activityExamples } from "./community/activityExamples.js"
import { articleExamples } from "./community/articleExamples.js"
import { assignmentExamples } from "./community/assignmentExamples.js"
import { circleExamples } from "./community/circleExamples.js"
import { postExamples } from "./community/postExamples.js"
import { postCommentExamples } from "./community/postCommentExamples.js"

/** Wire-form examples of every community route, merged like communityRoutes. */
export const communityExamples: RouteExamples<typeof communityRoutes> = {
  ...circleExamples,
  ...postExamples,
  ...articleExamples,
  ...activityExamples,
  ...assignmentExamples,
  ...postCommentExamples
}
