import type { Hono } from "hono"
import { registerActivities } from "./community/activities.js"
import { registerArticles } from "./community/articles.js"
import { registerAssignments } from "./community/assignments.js"
import { registerCircles } from "./community/circles.js"
import type { ServerDeps } from "./deps.js"
import { registerPosts } from "./community/posts.js"
import { registerSpecialTopics } from "./community/specialTopics.js"

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
}
