import { activityRoutes } from "./community/activityRoutes.js"
import { articleRoutes } from "./community/articleRoutes.js"
import { assignmentRoutes } from "./community/assignmentRoutes.js"
import { circleRoutes } from "./community/circleRoutes.js"
import { postRoutes } from "./community/postRoutes.js"
import { postCommentRoutes } from "./community/postCommentRoutes.js"

/**
 * The community calls the pages of spec §2 need (circles, posts, articles, activities, special
 * topics, assignments). Spec §7 lists none of them: every path here is ours, in §7's style
 * (/api/v1/open/… for what visitors may read, /api/v1/… for what needs a login).
 */
export const communityRoutes = {
  ...circleRoutes,
  ...postRoutes,
  ...articleRoutes,
  ...activityRoutes,
  ...assignmentRoutes,
  ...postCommentRoutes
} as const
