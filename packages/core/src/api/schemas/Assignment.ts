import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { postBodyFields } from "./Post.js"
import { UserBrief } from "./UserBrief.js"

/**
 * An assignment (作业): a task a circle's owner sets for its members (/community/assignment-detail).
 * Members hand it in as a post of the circle that carries the assignment's id.
 */
export const Assignment = Schema.Struct({
  id: Id,
  circle_id: Id,
  circle_name: Schema.String,
  title: Schema.String,
  description: Schema.String.annotations({ description: "plain text with line breaks (R16)" }),
  cover: Schema.NullOr(Schema.String),
  author: UserBrief.annotations({ description: "who set it: the circle's owner or an admin" }),
  deadline: UnixSeconds.annotations({ description: "hand-ins close at this time" }),
  submission_count: Schema.Int.pipe(Schema.nonNegative()),
  is_submitted: Schema.Boolean.annotations({ description: "the viewer has handed it in; false for a visitor" }),
  created_at: UnixSeconds
}).annotations({ identifier: "Assignment" })
export type Assignment = typeof Assignment.Type

/** POST /api/v1/community/assignment/submit: a member's hand-in before the deadline; answers the Post. */
export const AssignmentSubmit = Schema.Struct({ assignment_id: Id, ...postBodyFields })
export type AssignmentSubmit = typeof AssignmentSubmit.Type
