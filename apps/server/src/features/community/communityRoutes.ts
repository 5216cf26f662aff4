import type { Hono } from "hono"
import { registerActivities } from "./activityRoutes.js"
import { registerArticles } from "./articleRoutes.js"
import { registerAssignments } from "./assignmentRoutes.js"
import { registerCircles } from "./circleRoutes.js"
import type { ServerDeps } from "../../platform/deps.js"
import { registerPosts } from "./postRoutes.js"
import { registerPostComments } from "./postCommentRoutes.js"
import { registerSpecialTopics } from "./specialTopicRoutes.js"

/**
 * Every route of Api.community (docs/community-model.md, docs/api.md "Community"): circles, posts,
 * articles, activities, special topics and assignments. Object-level checks (R11) are in the queries;
 * request shapes are the contract's (R12); all text is stored and answered as text (R16).
 */
export const registerCommunity = (app: Hono, deps: ServerDeps) => {
  registerCircles(app, deps)
  registerPosts(app, deps)
  registerArticles(app, deps)
  registerActivities(app, deps)
  registerSpecialTopics(app, deps)
  registerAssignments(app, deps)
  registerPostComments(app, deps)
}
